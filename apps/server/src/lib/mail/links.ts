import type { Config } from '../config.js';

/**
 * Where links to the app point. Mailed links always use PUBLIC_URL: a Host header chosen by
 * whoever made the request must never decide where someone else's mail sends them. Links
 * shown only to the requester may use the request's own origin.
 */
export function linkBase(config: Pick<Config, 'publicUrl' | 'smtpUrl'>, requestOrigin: string, options: { mailed: boolean }): string {
  if (config.publicUrl) return config.publicUrl;
  if (options.mailed) throw new Error('Emails with links need PUBLIC_URL to be set.');
  return requestOrigin;
}
