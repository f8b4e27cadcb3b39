import { escapeHtml } from '@leadline/shared';
import { isHtmlBody } from '@leadline/shared/campaigns/index';

/**
 * The parts of a campaign email: the step's body (HTML from the editor, or plain text, as the
 * renderer tells them apart), its
 * links sent through click redirects when the campaign tracks clicks (in the HTML and in the
 * plain-text alternative), an open pixel when it tracks opens, and the footer: the sender's
 * postal address and, when the campaign shows it, the unsubscribe link.
 */
export type BodyOptions = {
  body: string;
  /** The redirect for a link, when clicks are tracked. */
  trackClick: ((url: string) => string) | null;
  /** The pixel's address, when opens are tracked. */
  openPixel: string | null;
  postalAddress: string | null;
  unsubscribeUrl: string | null;
  /** The text alternative of HTML (the mailboxes feature's converter). */
  plainTextOf: (html: string) => string;
};

const TEXT_URL = /\bhttps?:\/\/[^\s<>"'\])]+[^\s<>"'\]).,;:!?]/g;
const HREF = /(<a\b[^>]*?\bhref\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi;

const decodeAttribute = (value: string) => value.replace(/&amp;/g, '&').replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

/** Plain text as HTML paragraphs, its addresses made links. */
function textToHtml(body: string) {
  return escapeHtml(body)
    .replace(/\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`)
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

function footerLines(o: BodyOptions) {
  const lines: string[] = [];
  if (o.postalAddress) lines.push(...o.postalAddress.split(/\r?\n/).map((l) => l.trim()).filter(Boolean));
  if (o.unsubscribeUrl) lines.push(`Unsubscribe: ${o.unsubscribeUrl}`);
  return lines;
}

function htmlFooter(o: BodyOptions) {
  const parts: string[] = [];
  if (o.postalAddress) parts.push(`<div>${o.postalAddress.split(/\r?\n/).map((l) => escapeHtml(l.trim())).filter(Boolean).join('<br>')}</div>`);
  if (o.unsubscribeUrl) parts.push(`<div><a href="${escapeHtml(o.unsubscribeUrl)}">Unsubscribe</a></div>`);
  return parts.length ? `\n<div style="margin-top:24px;color:#868e96;font-size:12px">${parts.join('')}</div>` : '';
}

export function composeBody(o: BodyOptions): { text: string; html?: string } {
  const footer = footerLines(o);
  const textFooter = footer.length ? `\n\n--\n${footer.join('\n')}` : '';
  const html = isHtmlBody(o.body);
  // Plain text with no pixel to carry stays a single text part, as a person would write it.
  if (!html && !o.openPixel) {
    const text = o.trackClick ? o.body.replace(TEXT_URL, (url) => o.trackClick!(url)) : o.body;
    return { text: text + textFooter };
  }
  const source = html ? o.body : textToHtml(o.body);
  const tracked = o.trackClick ? source.replace(HREF, (_m, start: string, quote: string, url: string) => `${start}${quote}${escapeHtml(o.trackClick!(decodeAttribute(url)))}${quote}`) : source;
  const pixel = o.openPixel ? `<img src="${escapeHtml(o.openPixel)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">` : '';
  return {
    html: `${tracked}${htmlFooter(o)}${pixel}`,
    text: (html ? o.plainTextOf(tracked) : o.trackClick ? o.body.replace(TEXT_URL, (url) => o.trackClick!(url)) : o.body) + textFooter,
  };
}
