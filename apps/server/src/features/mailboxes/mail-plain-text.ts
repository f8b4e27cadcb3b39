import { convert } from 'html-to-text';

/**
 * The text/plain alternative of an HTML mail: mail clients that show no HTML, and spam filters
 * that weigh an HTML-only message, read this. Links keep their address after the text; images
 * are left out (an inline image's bytes or a `cid:` name mean nothing in plain text).
 */
export function plainTextOf(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
    ],
  });
}
