import { isHtmlBody, textToHtml } from '@leadline/shared/campaigns/index';

const URL_IN_HTML = /https?:\/\/[^\s<>"]+/g;

/**
 * The parts of a campaign email from its rendered body and its plain-text footer. An HTML body
 * (the step editor's) goes out as HTML with the footer as a paragraph whose addresses are links;
 * the mail engine adds the plain-text alternative made from it. A plain-text body stays text.
 */
export function emailParts(body: string, footer: string): { html: string } | { text: string } {
  if (!isHtmlBody(body)) return { text: body + footer };
  const trimmed = footer.trim();
  if (!trimmed) return { html: body };
  // textToHtml escapes the text, so each address found is already safe inside an attribute.
  return { html: body + textToHtml(trimmed).replace(URL_IN_HTML, (url) => `<a href="${url}">${url}</a>`) };
}
