/**
 * Loopback Google and Microsoft identity servers speaking their documented OAuth 2 wire format:
 * an authorize page that approves at once (back to redirect_uri with code and state), a token
 * endpoint (form-encoded `authorization_code` with PKCE S256 and `refresh_token` grants; Google
 * answers `{access_token, expires_in, refresh_token, scope, token_type, id_token}` and keeps
 * refresh tokens, Microsoft also answers `ext_expires_in` and rotates the refresh token; failures
 * are 400 `{error: 'invalid_grant', error_description}`, Microsoft's with `error_codes`), and a
 * userinfo endpoint (`{email}` for a valid Bearer token) that the test Dovecot asks to check
 * XOAUTH2 logins.
 */
import crypto from 'node:crypto';
import { approve, bearer, startFixtureServer, type FixtureReply } from './http-fixture.js';

type Kind = 'google' | 'microsoft';

const PATHS: Record<Kind, { authorize: string; token: string; userinfo: string }> = {
  google: { authorize: '/o/oauth2/v2/auth', token: '/token', userinfo: '/oauth2/v3/userinfo' },
  microsoft: { authorize: '/common/oauth2/v2.0/authorize', token: '/common/oauth2/v2.0/token', userinfo: '/oidc/userinfo' },
};

const jwt = (claims: Record<string, unknown>) =>
  [Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url'), Buffer.from(JSON.stringify(claims)).toString('base64url'), 'signature-not-checked'].join('.');

export async function startMailOAuthServer(kind: Kind, options: { clientId: string; clientSecret: string; user: { email: string; name: string }; accessTtlSeconds?: number }) {
  const paths = PATHS[kind];
  const codes = new Map<string, { challenge: string; redirectUri: string; email: string; name: string }>();
  const refreshTokens = new Map<string, string>(); // refresh token → email
  const accessTokens = new Map<string, { email: string; expiresAt: number }>();
  const counts = { codeGrants: 0, refreshGrants: 0 };
  const state = { user: options.user, accessTtlSeconds: options.accessTtlSeconds ?? 3600 };

  const invalidGrant = (description: string): FixtureReply =>
    kind === 'google'
      ? { status: 400, body: { error: 'invalid_grant', error_description: description } }
      : { status: 400, body: { error: 'invalid_grant', error_description: `AADSTS70000: ${description}`, error_codes: [70000], timestamp: new Date().toISOString(), trace_id: crypto.randomUUID(), correlation_id: crypto.randomUUID() } };

  const issue = (email: string, name: string, refreshToken: string | null) => {
    const accessToken = `${kind === 'google' ? 'ya29.' : 'EwB'}${crypto.randomBytes(18).toString('base64url')}`;
    accessTokens.set(accessToken, { email, expiresAt: Date.now() + state.accessTtlSeconds * 1000 });
    const common = { access_token: accessToken, expires_in: state.accessTtlSeconds, token_type: 'Bearer', id_token: jwt(kind === 'google' ? { iss: 'https://accounts.google.com', aud: options.clientId, email, email_verified: true, name } : { iss: 'https://login.microsoftonline.com/tid/v2.0', aud: options.clientId, preferred_username: email, name }) };
    return kind === 'google'
      ? { ...common, scope: 'openid https://www.googleapis.com/auth/userinfo.email https://mail.google.com/', ...(refreshToken ? { refresh_token: refreshToken } : {}) }
      : { ...common, scope: 'https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send', ext_expires_in: state.accessTtlSeconds, ...(refreshToken ? { refresh_token: refreshToken } : {}) };
  };

  const newRefreshToken = (email: string) => {
    const token = `${kind === 'google' ? '1//' : 'M.C5'}${crypto.randomBytes(24).toString('base64url')}`;
    refreshTokens.set(token, email);
    return token;
  };

  const server = await startFixtureServer((req) => {
    const path = req.url.pathname;
    if (req.method === 'GET' && path === paths.authorize) {
      const q = req.url.searchParams;
      if (q.get('client_id') !== options.clientId || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return { status: 400, body: { error: 'invalid_request' } };
      const code = `${kind}-code-${crypto.randomUUID()}`;
      codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')!, email: state.user.email, name: state.user.name });
      return approve(req, code);
    }
    if (req.method === 'POST' && path === paths.token) {
      const form = req.form();
      if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } };
      }
      if (kind === 'microsoft' && !form.get('scope')) return { status: 400, body: { error: 'invalid_request', error_description: "AADSTS900144: The request body must contain the following parameter: 'scope'." } };
      if (form.get('grant_type') === 'authorization_code') {
        counts.codeGrants += 1;
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!grant || grant.redirectUri !== form.get('redirect_uri')) return invalidGrant('Bad Request');
        const challenge = crypto.createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
        if (challenge !== grant.challenge) return invalidGrant('Invalid code verifier.');
        return { status: 200, body: issue(grant.email, grant.name, newRefreshToken(grant.email)) };
      }
      if (form.get('grant_type') === 'refresh_token') {
        counts.refreshGrants += 1;
        const token = form.get('refresh_token') ?? '';
        const email = refreshTokens.get(token);
        if (!email) return invalidGrant('Token has been expired or revoked.');
        if (kind === 'microsoft') {
          refreshTokens.delete(token);
          return { status: 200, body: issue(email, '', newRefreshToken(email)) };
        }
        return { status: 200, body: issue(email, '', null) };
      }
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    if (req.method === 'GET' && path === paths.userinfo) {
      const token = accessTokens.get(bearer(req) ?? '');
      if (!token || token.expiresAt < Date.now()) return { status: 401, body: { error: 'invalid_token' } };
      return { status: 200, body: { sub: token.email, email: token.email } };
    }
    return { status: 404, body: { error: 'not_found' } };
  });

  return {
    ...server,
    counts,
    state,
    authUrl: `${server.url}${paths.authorize}`,
    tokenUrl: `${server.url}${paths.token}`,
    userinfoUrl: `${server.url}${paths.userinfo}`,
    /** Whether the SMTP fixture should accept this XOAUTH2 login. */
    accepts: (user: string, token: string) => {
      const t = accessTokens.get(token);
      return Boolean(t && t.email === user && t.expiresAt > Date.now());
    },
    /** Every access token stops working at once (as after a password change), refresh tokens still work. */
    invalidateAccessTokens: () => accessTokens.clear(),
    /** The user removed the app's access: refresh and access tokens stop working. */
    revoke: (email: string) => {
      for (const [token, owner] of refreshTokens) if (owner === email) refreshTokens.delete(token);
      for (const [token, t] of accessTokens) if (t.email === email) accessTokens.delete(token);
    },
  };
}
