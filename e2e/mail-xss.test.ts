import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAIL_FRAME_SANDBOX } from '@leadline/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMailDocument } from '../apps/server/src/features/mailboxes/message-html.js';
import { xssCorpus } from '../apps/server/src/test/mail/xss-corpus.js';
import { launchBrowser } from './support/browser.js';

// Each hostile mail is rendered by the server's renderer and shown the way the Inbox shows it
// (an iframe with the app's sandbox and the document as srcdoc). A loopback sentinel server
// records every request; a script that runs posts "ran" to the page.

let browser: Browser;
let sentinel: http.Server;
let sentinelUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  sentinel = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('ok');
  });
  await new Promise<void>((resolve) => sentinel.listen(0, '127.0.0.1', resolve));
  sentinelUrl = `http://127.0.0.1:${(sentinel.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => sentinel?.close(resolve));
});

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A page with one frame per document, counting "ran" messages from any frame. */
const pageOf = (frames: Array<{ document: string; sandbox: string | null }>) =>
  `<!doctype html><html><body><script>window.ran = 0; addEventListener('message', (e) => { if (e.data === 'ran') window.ran++; });</script>${frames
    .map((f) => `<iframe ${f.sandbox === null ? '' : `sandbox="${f.sandbox}"`} srcdoc="${escapeAttribute(f.document)}" style="width:400px;height:200px"></iframe>`)
    .join('')}</body></html>`;

async function show(frames: Array<{ document: string; sandbox: string | null }>) {
  const page = await browser.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.setContent(pageOf(frames), { waitUntil: 'load' });
  // Click every link the mails kept (a javascript: link runs only when clicked).
  for (const frame of page.frames().slice(1)) {
    for (const link of await frame.locator('a').all()) await link.click({ timeout: 2_000, noWaitAfter: true }).catch(() => {});
  }
  await page.waitForTimeout(1_500);
  const ran = await page.evaluate(() => (window as unknown as { ran: number }).ran);
  await page.context().close();
  return { ran, dialogs };
}

describe('hostile HTML mail in the mail frame', () => {
  it('detects a script that runs and a fetch when the mail is shown raw (the check itself works)', async () => {
    requests.length = 0;
    const raw = xssCorpus(sentinelUrl).find((m) => m.name === 'script element')!;
    const { ran } = await show([{ document: raw.html, sandbox: null }]);
    expect(ran).toBe(1);
    expect(requests).toContain('/script');
  });

  it('runs nothing and fetches nothing from 30 hostile mails, sanitized and sandboxed as the Inbox shows them', async () => {
    requests.length = 0;
    const corpus = xssCorpus(sentinelUrl);
    expect(corpus).toHaveLength(30);
    const { ran, dialogs } = await show(corpus.map((m) => ({ document: renderMailDocument(m.html, '', { showImages: false }).document, sandbox: MAIL_FRAME_SANDBOX })));
    expect(ran).toBe(0);
    expect(dialogs).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('still runs nothing from them after "Show images"; only the plain remote image is fetched', async () => {
    requests.length = 0;
    const corpus = xssCorpus(sentinelUrl);
    const { ran, dialogs } = await show(corpus.map((m) => ({ document: renderMailDocument(m.html, '', { showImages: true }).document, sandbox: MAIL_FRAME_SANDBOX })));
    expect(ran).toBe(0);
    expect(dialogs).toEqual([]);
    // Protocol-relative sources are dropped whatever the choice; CSS, poster, srcset and background images never load.
    expect([...new Set(requests)]).toEqual(['/pixel.gif']);
  });
});
