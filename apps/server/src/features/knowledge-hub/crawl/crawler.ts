/**
 * Reads one site for a knowledge profile: the root URL and, when asked, up to `maxSubpages`
 * same-site subpages, taken from the sitemap first and then from links, breadth first. It
 * obeys robots.txt, fetches through the guarded fetcher with size and time limits, and reads
 * HTML, .pdf and .docx. Each page read is handed to `onPage` at once, so the caller stores it
 * and shows progress; a page that fails is reported to `onError` and the crawl goes on.
 */
import { KNOWLEDGE_LIMITS } from '@leadline/shared';
import { docxText, isDocx, isPdf, pdfText } from './attachments.js';
import { decodeBody, type PageFetcher } from './fetch-page.js';
import { extractHtml } from './html-text.js';
import { ALLOW_ALL, parseRobots, type Robots } from './robots.js';
import { parseSitemap } from './sitemap.js';

export type CrawledPage = { url: string; title: string | null; text: string; kind: 'page' | 'pdf' | 'docx' };

export type CrawlOptions = {
  fetcher: PageFetcher;
  includeSubPages: boolean;
  maxSubpages?: number;
  /** The crawl stops taking new pages after this time (epoch ms). */
  deadline: number;
  maxHtmlBytes?: number;
  onPage(page: CrawledPage): Promise<void>;
  onError(url: string, error: unknown): Promise<void> | void;
  /** Called as the number of pages to read becomes known. */
  onPlanned?(total: number): Promise<void> | void;
  /** False stops the crawl (the profile changed or was deleted meanwhile). */
  stillWanted?(): Promise<boolean>;
};

const SKIPPED_EXTENSIONS = /\.(jpe?g|png|gif|webp|svg|ico|css|js|mjs|json|xml|zip|gz|tgz|rar|7z|mp3|mp4|mov|avi|webm|woff2?|ttf|eot|exe|dmg|pptx?|xlsx?|csv|doc)$/i;

const siteOf = (host: string) => host.toLowerCase().replace(/^www\./, '');

export type CrawlSummary = { pages: number; errors: number; skippedByRobots: number };

export async function crawlSite(rootUrl: string, options: CrawlOptions): Promise<CrawlSummary> {
  const root = new URL(rootUrl);
  const site = siteOf(root.host);
  const maxSubpages = options.maxSubpages ?? KNOWLEDGE_LIMITS.maxSubpages;
  const sameSite = (url: URL) => siteOf(url.host) === site && (url.protocol === 'http:' || url.protocol === 'https:');
  const summary: CrawlSummary = { pages: 0, errors: 0, skippedByRobots: 0 };

  const robots = await readRobots(options.fetcher, root);
  const queue: string[] = [root.href];
  const seen = new Set<string>([key(root)]);
  const enqueue = (href: string) => {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return;
    }
    url.hash = '';
    if (!sameSite(url) || SKIPPED_EXTENSIONS.test(url.pathname)) return;
    const k = key(url);
    if (seen.has(k)) return;
    seen.add(k);
    queue.push(url.href);
  };
  if (options.includeSubPages) for (const url of await readSitemaps(options.fetcher, root, robots)) enqueue(url);
  await options.onPlanned?.(options.includeSubPages ? Math.min(queue.length, maxSubpages + 1) : 1);

  // The root, then up to maxSubpages subpages read successfully.
  while (queue.length && summary.pages < (options.includeSubPages ? maxSubpages + 1 : 1) && Date.now() < options.deadline) {
    const href = queue.shift()!;
    const url = new URL(href);
    if (!robots.allows(`${url.pathname}${url.search}`)) {
      summary.skippedByRobots++;
      continue;
    }
    if (options.stillWanted && !(await options.stillWanted())) break;
    try {
      const fetched = await options.fetcher.fetchPage(href, KNOWLEDGE_LIMITS.attachmentMaxBytes);
      if (fetched.status >= 400) throw new Error(`HTTP ${fetched.status}`);
      let page: CrawledPage;
      if (isPdf(fetched.contentType, fetched.url, fetched.body)) {
        page = { url: fetched.url, title: fileTitle(fetched.url), text: await pdfText(fetched.body), kind: 'pdf' };
      } else if (isDocx(fetched.contentType, fetched.url)) {
        page = { url: fetched.url, title: fileTitle(fetched.url), text: await docxText(fetched.body), kind: 'docx' };
      } else if (fetched.contentType.includes('html') || fetched.contentType === '') {
        if (fetched.body.length > (options.maxHtmlBytes ?? 2 * 1024 * 1024)) throw new Error('Page too large');
        const html = extractHtml(decodeBody(fetched), fetched.url);
        if (options.includeSubPages) for (const link of html.links) enqueue(link);
        page = { url: fetched.url, title: html.title, text: html.text, kind: 'page' };
      } else if (fetched.contentType.startsWith('text/plain')) {
        page = { url: fetched.url, title: fileTitle(fetched.url), text: decodeBody(fetched), kind: 'page' };
      } else {
        throw new Error(`Not a page: ${fetched.contentType}`);
      }
      if (!page.text) throw new Error('No text on the page');
      summary.pages++;
      await options.onPage(page);
      if (options.includeSubPages) await options.onPlanned?.(Math.min(summary.pages + queue.length, maxSubpages + 1));
    } catch (error) {
      summary.errors++;
      await options.onError(href, error);
      // The root refused or unreachable: nothing else of the site will answer either.
      if (href === root.href && summary.pages === 0) break;
    }
  }
  return summary;
}

/** A URL's identity for de-duplication: no fragment, no trailing slash, host without "www.". */
function key(url: URL): string {
  return `${siteOf(url.host)}${url.pathname.replace(/\/+$/, '') || '/'}${url.search}`;
}

const fileTitle = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() || '') || null;

async function readRobots(fetcher: PageFetcher, root: URL): Promise<Robots> {
  try {
    const page = await fetcher.fetchPage(new URL('/robots.txt', root).href, 512 * 1024, 'text/plain');
    // No robots.txt (4xx) allows everything; a server error is read as "come back later": nothing.
    if (page.status >= 500) return { allows: () => false, sitemaps: [] };
    if (page.status >= 400) return ALLOW_ALL;
    return parseRobots(decodeBody(page));
  } catch {
    return ALLOW_ALL;
  }
}

async function readSitemaps(fetcher: PageFetcher, root: URL, robots: Robots): Promise<string[]> {
  const pending = robots.sitemaps.length ? [...robots.sitemaps] : [new URL('/sitemap.xml', root).href];
  const urls: string[] = [];
  let fetched = 0;
  while (pending.length && fetched < 10 && urls.length < 2000) {
    const href = pending.shift()!;
    fetched++;
    try {
      const page = await fetcher.fetchPage(href, 5 * 1024 * 1024, 'application/xml,text/xml');
      if (page.status >= 400) continue;
      const sitemap = parseSitemap(decodeBody(page));
      if (sitemap.isIndex) pending.push(...sitemap.locations);
      else urls.push(...sitemap.locations);
    } catch {
      /* a missing or broken sitemap leaves the links */
    }
  }
  return urls;
}
