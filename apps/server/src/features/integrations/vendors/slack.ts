/**
 * Slack Web API: OAuth v2 install (`{authUrl}/oauth/v2/authorize`, `POST {apiUrl}/oauth.v2.access`
 * form-encoded) and `POST {apiUrl}/chat.postMessage` with the bot token. Slack answers 200 with
 * `{ok: false, error}` for refusals (`channel_not_found`, `not_in_channel`, `invalid_auth`), and
 * 429 with Retry-After when rate limited (retried by the outbound client).
 */
import type { OutboundClient } from '../../../lib/http/outbound.js';
import { VendorAuthError, VendorError } from './types.js';

export type SlackConfig = { clientId: string; clientSecret: string; authUrl: string; apiUrl: string };
export const SLACK_SCOPES = ['chat:write', 'chat:write.public'];

export type SlackInstall = { accessToken: string; teamId: string | null; teamName: string | null; botUserId: string | null };

export function slackAdapter(config: SlackConfig, http: OutboundClient) {
  const api = (method: string) => `${config.apiUrl.replace(/\/+$/, '')}/${method}`;
  return {
    authorizeUrl({ state, redirectUri }: { state: string; redirectUri: string }) {
      const url = new URL('/oauth/v2/authorize', config.authUrl);
      url.search = new URLSearchParams({ client_id: config.clientId, scope: SLACK_SCOPES.join(','), redirect_uri: redirectUri, state }).toString();
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }: { code: string; redirectUri: string }): Promise<SlackInstall> {
      const res = await http.request({ method: 'POST', url: api('oauth.v2.access'), form: { code, client_id: config.clientId, client_secret: config.clientSecret, redirect_uri: redirectUri }, retry: true });
      if (res.status !== 200) throw new VendorError('slack', res.status, `HTTP ${res.status}`, res.status >= 500 || res.status === 429);
      const body = res.json<{ ok: boolean; error?: string; access_token?: string; bot_user_id?: string; team?: { id?: string; name?: string } }>();
      if (!body.ok || !body.access_token) throw new VendorAuthError('slack', body.error ?? 'install refused');
      return { accessToken: body.access_token, teamId: body.team?.id ?? null, teamName: body.team?.name ?? null, botUserId: body.bot_user_id ?? null };
    },

    async postMessage(token: string, channel: string, text: string) {
      const res = await http.request({ method: 'POST', url: api('chat.postMessage'), headers: { authorization: `Bearer ${token}` }, json: { channel, text }, retry: true });
      if (res.status !== 200) throw new VendorError('slack', res.status, `HTTP ${res.status}`, res.status >= 500 || res.status === 429);
      const body = res.json<{ ok: boolean; error?: string; ts?: string }>();
      if (!body.ok) {
        if (body.error === 'invalid_auth' || body.error === 'token_revoked' || body.error === 'account_inactive') throw new VendorAuthError('slack', body.error);
        throw new VendorError('slack', 200, body.error ?? 'message refused', false);
      }
      return body.ts ?? null;
    },
  };
}
export type SlackAdapter = ReturnType<typeof slackAdapter>;
