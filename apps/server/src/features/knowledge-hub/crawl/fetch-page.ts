/**
 * One guarded GET for the crawler: every connection, the first and each redirect's, goes
 * through the outbound address guard (lib/http/outbound.ts), redirects are followed by hand so
 * each new host is checked again, and the body is read only up to a size limit.
 */
import { Agent, request } from 'undici';
import { guardedAgent } from '../../../lib/http/outbound.js';

export type FetchedPage = { url: string; status: number; contentType: string; body: Buffer };

export type PageFetcherOptions = {
  allowPrivateNetwork: boolean;
  timeoutMs: number;
  maxRedirects?: number;
  /**
   * Hosts connected to even on a private address. Tests serve a site on loopback as if it
   * were public this way, and check that a redirect from it to another private host is refused.
   */
  trustedHosts?: readonly string[];
};

export class PageTooLargeError extends Error {}

export function createPageFetcher(options: PageFetcherOptions) {
  const guarded = guardedAgent({ allowPrivateNetwork: options.allowPrivateNetwork, timeoutMs: options.timeoutMs });
  const trusted = options.trustedHosts?.length ? new Agent({ connect: { timeout: options.timeoutMs } }) : null;
  const agentFor = (url: URL) => (trusted && options.trustedHosts!.includes(url.host) ? trusted : guarded);

  async function fetchPage(start: string, maxBytes: number, accept = 'text/html,application/xhtml+xml,application/pdf,*/*;q=0.5'): Promise<FetchedPage> {
    let url = new URL(start);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Not an http(s) address: ${url.protocol}`);
      const response = await request(url, {
        method: 'GET',
        dispatcher: agentFor(url),
        headers: { 'user-agent': 'LeadlineKnowledgeHub/1.0 (+crawler)', accept },
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && location) {
        await response.body.dump();
        if (hop >= (options.maxRedirects ?? 5)) throw new Error('Too many redirects');
        url = new URL(String(location), url);
        continue;
      }
      const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
      const declared = Number(response.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body.dump();
        throw new PageTooLargeError(`${url.href} is larger than ${maxBytes} bytes`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          response.body.destroy();
          throw new PageTooLargeError(`${url.href} is larger than ${maxBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
      return { url: url.href, status: response.statusCode, contentType, body: Buffer.concat(chunks) };
    }
  }

  return {
    fetchPage,
    close: async () => {
      await guarded.close();
      await trusted?.close();
    },
  };
}

export type PageFetcher = ReturnType<typeof createPageFetcher>;

/** The body as text in the charset the server declared (UTF-8 when it names none we know). */
export function decodeBody(page: FetchedPage): string {
  const charset = /charset=([^;]+)/.exec(page.contentType)?.[1]?.trim().replace(/"/g, '');
  try {
    return new TextDecoder(charset || 'utf-8').decode(page.body);
  } catch {
    return new TextDecoder('utf-8').decode(page.body);
  }
}
