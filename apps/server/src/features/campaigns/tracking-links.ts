import crypto from 'node:crypto';

/**
 * Signed tracking links. A token is the email's send id (hex) and a 128-bit HMAC, under the
 * installation's `campaign_links` secret, of what the link is for: `open:<id>` for the pixel,
 * `click:<id>:<url>` for a link, so a token opens nothing but its own target.
 */
const macOf = (purpose: string, secret: string) => crypto.createHmac('sha256', secret).update(purpose).digest('base64url').slice(0, 22);
const TOKEN = /^([0-9a-f]{32})\.([\w-]{22})$/;

const hexOf = (sendId: string) => sendId.replaceAll('-', '');
const uuidOf = (hex: string) => hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

export function openToken(sendId: string, secret: string) {
  const id = hexOf(sendId);
  return `${id}.${macOf(`open:${id}`, secret)}`;
}

export function clickToken(sendId: string, url: string, secret: string) {
  const id = hexOf(sendId);
  return `${id}.${macOf(`click:${id}:${url}`, secret)}`;
}

/** The send id of a token signed for `purpose(id)`, else null (forged, altered, or made for another link). */
export function readToken(token: string, purpose: (id: string) => string, secret: string): string | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const good = Buffer.from(macOf(purpose(match[1]!), secret));
  const given = Buffer.from(match[2]!);
  return good.length === given.length && crypto.timingSafeEqual(good, given) ? uuidOf(match[1]!) : null;
}

export const openPurpose = (id: string) => `open:${id}`;
export const clickPurpose = (url: string) => (id: string) => `click:${id}:${url}`;
