/**
 * Gmail and Outlook sign-in through their documented OAuth 2 endpoints (authorization code with
 * PKCE S256; the token endpoint takes form-encoded `authorization_code` and `refresh_token`
 * grants and answers `{access_token, expires_in, refresh_token?, id_token?, scope}`, or on failure
 * `{error, error_description}` with status 400/401):
 * - Google: `accounts.google.com/o/oauth2/v2/auth` (`access_type=offline&prompt=consent` so a
 *   refresh token comes back), `oauth2.googleapis.com/token`; scope `https://mail.google.com/`
 *   covers IMAP and SMTP.
 * - Microsoft identity platform v2.0: `/common/oauth2/v2.0/authorize` and `/token` (the token
 *   request repeats `scope`; refresh tokens rotate, so a new one replaces the old); scopes
 *   `IMAP.AccessAsUser.All` and `SMTP.Send` of `https://outlook.office.com`, and `offline_access`.
 * The mailbox's address comes from the `id_token` (OpenID Connect `email`, for Microsoft also
 * `preferred_username`). Its signature is not checked: it came straight from the token endpoint
 * over TLS in answer to our own client's code (OpenID Connect Core §3.1.3.7).
 */
import type { MailOAuthConfig } from '../../lib/config.js';
import type { OutboundClient, OutboundResponse } from '../../lib/http/outbound.js';

export type MailOAuthProvider = 'gmail' | 'outlook';

export const MAIL_OAUTH_SCOPES: Record<MailOAuthProvider, string> = {
  gmail: 'openid email profile https://mail.google.com/',
  outlook: 'openid email profile offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send',
};

export type MailTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date };
export type MailGrant = MailTokens & { email: string | null; name: string };

/** The provider refused a grant (revoked, expired, wrong client): the mailbox must be connected again. */
export class MailGrantRefusedError extends Error {
  constructor(readonly provider: MailOAuthProvider, readonly error: string, readonly description: string) {
    super(`${error}${description ? `: ${description}` : ''}`);
    this.name = 'MailGrantRefusedError';
  }
}

/** The token endpoint could not be reached or failed (5xx): worth trying again later. */
export class MailTokenEndpointError extends Error {
  constructor(provider: MailOAuthProvider, message: string, options?: { cause?: unknown }) {
    super(`${provider === 'gmail' ? 'Google' : 'Microsoft'} token endpoint: ${message}`, options);
    this.name = 'MailTokenEndpointError';
  }
}

type TokenAnswer = { access_token?: string; refresh_token?: string; expires_in?: number | string; id_token?: string; error?: string; error_description?: string };

/** The claims of a JWT, unverified (see the header). */
export function idTokenClaims(idToken: string | undefined): Record<string, unknown> {
  const payload = idToken?.split('.')[1];
  if (!payload) return {};
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

export type MailOAuthClient = {
  authorizeUrl(o: { state: string; codeChallenge: string; redirectUri: string; loginHint?: string }): string;
  exchangeCode(o: { code: string; codeVerifier: string; redirectUri: string }): Promise<MailGrant>;
  refresh(refreshToken: string): Promise<MailTokens>;
};

export function mailOAuthClient(provider: MailOAuthProvider, config: MailOAuthConfig & { clientId: string; clientSecret: string }, http: OutboundClient): MailOAuthClient {
  const scope = MAIL_OAUTH_SCOPES[provider];

  async function token(form: Record<string, string>): Promise<TokenAnswer> {
    let res: OutboundResponse;
    try {
      res = await http.request({
        method: 'POST',
        url: config.tokenUrl,
        form: { client_id: config.clientId, client_secret: config.clientSecret, ...(provider === 'outlook' ? { scope } : {}), ...form },
        // A code works once, so only a refresh is repeated after a network failure.
        retry: form.grant_type === 'refresh_token',
      });
    } catch (error) {
      throw new MailTokenEndpointError(provider, (error as Error).message, { cause: error });
    }
    let body: TokenAnswer = {};
    try {
      body = res.json<TokenAnswer>();
    } catch {
      // A non-JSON answer is described by its status below.
    }
    if (res.status === 400 || res.status === 401) throw new MailGrantRefusedError(provider, body.error ?? `HTTP ${res.status}`, body.error_description ?? '');
    if (res.status !== 200 || !body.access_token) throw new MailTokenEndpointError(provider, body.error_description ?? body.error ?? `HTTP ${res.status}`);
    return body;
  }

  const tokensOf = (body: TokenAnswer): MailTokens => ({
    accessToken: body.access_token!,
    refreshToken: str(body.refresh_token),
    expiresAt: new Date(Date.now() + Number(body.expires_in ?? 3600) * 1000),
  });

  return {
    authorizeUrl({ state, codeChallenge, redirectUri, loginHint }) {
      const url = new URL(config.authUrl);
      const params: Record<string, string> = {
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        ...(provider === 'gmail' ? { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' } : { response_mode: 'query', prompt: 'select_account' }),
        ...(loginHint ? { login_hint: loginHint } : {}),
      };
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const body = await token({ grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: redirectUri });
      const claims = idTokenClaims(body.id_token);
      const email = str(claims.email) ?? (provider === 'outlook' ? str(claims.preferred_username) : null);
      return { ...tokensOf(body), email: email?.toLowerCase() ?? null, name: str(claims.name) ?? '' };
    },
    async refresh(refreshToken) {
      return tokensOf(await token({ grant_type: 'refresh_token', refresh_token: refreshToken }));
    },
  };
}
