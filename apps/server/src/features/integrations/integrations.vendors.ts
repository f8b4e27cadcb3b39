import type { CrmService } from '@leadline/shared';
import { secretBoxFor } from '../../lib/crypto/secret-box.js';
import type { AppContext } from '../../lib/context.js';
import { createOutboundClient, type OutboundClient } from '../../lib/http/outbound.js';
import { hubspotAdapter } from './vendors/hubspot.js';
import { salesforceAdapter } from './vendors/salesforce.js';
import { slackAdapter, type SlackAdapter } from './vendors/slack.js';
import type { CrmAdapter } from './vendors/types.js';
import { zapierAdapter, type ZapierAdapter } from './vendors/zapier.js';

/** The vendors as the server is configured: a CRM or Slack without client id and secret is null. */
export type IntegrationVendors = {
  crm(service: CrmService): CrmAdapter | null;
  slack(): SlackAdapter | null;
  zapier(): ZapierAdapter;
};

const clients = new WeakMap<AppContext['config'], OutboundClient>();

/** One outbound client per configuration (its connection pool is shared by all integrations). */
export function outboundFor(config: AppContext['config']): OutboundClient {
  let client = clients.get(config);
  if (!client) {
    client = createOutboundClient({ allowPrivateNetwork: config.outboundAllowPrivate, timeoutMs: 30_000, connectTimeoutMs: 5_000, maxRetries: 4, baseDelayMs: 300, userAgent: 'Leadline integrations' });
    clients.set(config, client);
  }
  return client;
}

export function integrationVendors(ctx: Pick<AppContext, 'config'>): IntegrationVendors {
  const { config } = ctx;
  const http = outboundFor(config);
  return {
    crm(service) {
      if (service === 'hubspot') {
        const { clientId, clientSecret } = config.hubspot;
        return clientId && clientSecret ? hubspotAdapter({ ...config.hubspot, clientId, clientSecret }, http) : null;
      }
      const { clientId, clientSecret } = config.salesforce;
      return clientId && clientSecret ? salesforceAdapter({ clientId, clientSecret, loginUrl: config.salesforce.loginUrl, allowPrivateNetwork: config.outboundAllowPrivate }) : null;
    },
    slack() {
      const { clientId, clientSecret } = config.slack;
      return clientId && clientSecret ? slackAdapter({ ...config.slack, clientId, clientSecret }, http) : null;
    },
    zapier: () => zapierAdapter(http),
  };
}

export const boxOf = (ctx: Pick<AppContext, 'config'>) => secretBoxFor(ctx.config);
