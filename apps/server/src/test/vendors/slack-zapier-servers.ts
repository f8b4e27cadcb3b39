/**
 * Loopback Slack (OAuth v2 install and `chat.postMessage`, answering `{ok, error}` as Slack does)
 * and loopback Zapier catch hooks (`POST /hooks/catch/{id}/{hook}` answering
 * `{status: 'success', attempt, id, request_id}`).
 */
import crypto from 'node:crypto';
import { approve, bearer, startFixtureServer } from './http-fixture.js';

export async function startSlackServer(options: { clientId: string; clientSecret: string; channels: string[] }) {
  const messages: Array<{ channel: string; text: string }> = [];
  const tokens = new Set<string>();
  const codes = new Set<string>();
  const server = await startFixtureServer((req) => {
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/oauth/v2/authorize') {
      const code = `sl-code-${crypto.randomUUID()}`;
      codes.add(code);
      return approve(req, code);
    }
    if (req.method === 'POST' && path === '/api/oauth.v2.access') {
      const form = req.form();
      if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) return { status: 200, body: { ok: false, error: 'invalid_client_id' } };
      if (!codes.delete(form.get('code') ?? '')) return { status: 200, body: { ok: false, error: 'invalid_code' } };
      const token = `xoxb-${crypto.randomUUID()}`;
      tokens.add(token);
      return { status: 200, body: { ok: true, access_token: token, token_type: 'bot', scope: 'chat:write,chat:write.public', bot_user_id: 'U0BOT', app_id: 'A0APP', team: { id: 'T0TEAM', name: 'Acme Workspace' } } };
    }
    if (req.method === 'POST' && path === '/api/chat.postMessage') {
      if (!tokens.has(bearer(req) ?? '')) return { status: 200, body: { ok: false, error: 'invalid_auth' } };
      const { channel, text } = req.json<{ channel: string; text: string }>();
      if (!options.channels.includes(channel)) return { status: 200, body: { ok: false, error: 'channel_not_found' } };
      messages.push({ channel, text });
      return { status: 200, body: { ok: true, channel: 'C0CHAN', ts: `${Date.now() / 1000}`, message: { text } } };
    }
    return { status: 404, body: { ok: false, error: 'unknown_method' } };
  });
  return { ...server, messages };
}

export async function startZapierServer() {
  const received: Array<{ hook: string; payload: unknown }> = [];
  const state = { failNext: 0 };
  const server = await startFixtureServer((req) => {
    const hook = /^\/hooks\/catch\/(\d+)\/([a-z0-9]+)\/?$/i.exec(req.url.pathname);
    if (req.method !== 'POST' || !hook) return { status: 404, body: { status: 'error', message: 'not found' } };
    if (hook[2] === 'gone') return { status: 410, body: { status: 'error', message: 'This hook has been deleted' } };
    if (state.failNext > 0) {
      state.failNext -= 1;
      return { status: 503, body: { status: 'error' } };
    }
    received.push({ hook: `${hook[1]}/${hook[2]}`, payload: req.json() });
    return { status: 200, body: { status: 'success', attempt: crypto.randomUUID(), id: crypto.randomUUID(), request_id: crypto.randomUUID() } };
  });
  return { ...server, received, state, hookUrl: (id: string, hook: string) => `${server.url}/hooks/catch/${id}/${hook}/` };
}
