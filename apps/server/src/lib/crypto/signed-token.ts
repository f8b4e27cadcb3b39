import crypto from 'node:crypto';

/**
 * A JSON payload made opaque and tamper-proof: base64url of the JSON, a dot, and its HMAC-SHA256
 * under the installation's secret. Used by the search scroll token and the OAuth state.
 */
export function signToken(payload: unknown, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${crypto.createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The payload of a token this secret signed; null for a forged, altered or malformed one. */
export function readSignedToken<T>(token: string, secret: string): T | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const good = crypto.createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== good.length || !crypto.timingSafeEqual(given, good)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}
