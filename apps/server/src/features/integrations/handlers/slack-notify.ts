import { jobHandler } from '../../../lib/feature-module.js';
import { slackNotify } from '../integrations.jobs.js';
import * as repo from '../integrations.repository.js';
import { boxOf, integrationVendors } from '../integrations.vendors.js';
import { VendorAuthError, VendorError } from '../vendors/types.js';

export default jobHandler(slackNotify, async (ctx, { teamId, text }) => {
  const row = await repo.findIntegration(ctx.db, teamId, 'slack');
  const channel = (row?.settings as { channel?: string } | undefined)?.channel;
  const slack = integrationVendors(ctx).slack();
  if (!row?.access_token || !channel || !slack) return;
  try {
    await slack.postMessage(boxOf(ctx).open(row.access_token), channel, text);
  } catch (error) {
    // A refusal (bad channel, revoked token) will not get better by retrying.
    if (error instanceof VendorAuthError || (error instanceof VendorError && !error.retryable)) return;
    throw error;
  }
});
