/**
 * Received HTML mail made safe to show. Three layers, each enough on its own against a
 * script: the sanitizer keeps an allowlist of tags and attributes (no script, style sheet,
 * form, frame, SVG, meta or base; no event handler; links only http, https and mailto); the
 * document carries a Content-Security-Policy that allows no script, no connection and no
 * remote resource except images once asked for; and the web app shows it in an iframe sandbox
 * without scripts or same-origin. Remote images are left out until the reader asks, so opening
 * a mail never tells its sender.
 */
import sanitizeHtml from 'sanitize-html';

export type RenderOptions = {
  showImages: boolean;
  /** `cid:` references of inline parts, as data: URIs. */
  inlineImages?: Map<string, string>;
};

export type RenderedMail = { document: string; blockedImages: number };

const ALLOWED_TAGS = [
  'a', 'abbr', 'address', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite', 'code', 'col', 'colgroup',
  'dd', 'del', 'dfn', 'div', 'dl', 'dt', 'em', 'font', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li',
  'mark', 'ol', 'p', 'pre', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot',
  'th', 'thead', 'tr', 'tt', 'u', 'ul', 'wbr',
];

const LAYOUT_ATTRIBUTES = ['align', 'valign', 'width', 'height', 'bgcolor', 'color', 'border', 'cellpadding', 'cellspacing', 'colspan', 'rowspan', 'dir', 'face', 'size', 'title', 'style'];

/** Inline style properties kept; every value with a url(), expression() or escape is dropped below. */
const SAFE_STYLE_VALUE = /^(?!.*(?:url\s*\(|expression\s*\(|image-set|@import|\\|javascript:|behavior|-moz-binding)).*$/i;
const STYLE_PROPERTIES = [
  'color', 'background-color', 'font', 'font-family', 'font-size', 'font-style', 'font-weight', 'text-align', 'text-decoration',
  'text-transform', 'line-height', 'letter-spacing', 'vertical-align', 'white-space', 'width', 'max-width', 'min-width', 'height',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left', 'padding', 'padding-top', 'padding-right', 'padding-bottom',
  'padding-left', 'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color', 'border-style',
  'border-width', 'border-radius', 'border-collapse', 'display', 'list-style-type',
];

const isRemote = (src: string) => /^(https?:)?\/\//i.test(src.trim());

/** The CSP of a shown mail: nothing but inline styles, and images only from data: (or anywhere once asked). */
export function mailCsp(showImages: boolean): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src data:${showImages ? ' https: http:' : ''}`,
    "font-src 'none'",
    "connect-src 'none'",
    "script-src 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Sanitizes `html` (or, without HTML, the text) into a complete document for a sandboxed frame. */
export function renderMailDocument(html: string | null, text: string, options: RenderOptions): RenderedMail {
  let blockedImages = 0;
  const body =
    html === null
      ? `<pre style="white-space: pre-wrap; font-family: inherit">${escapeText(text)}</pre>`
      : sanitizeHtml(html, {
          allowedTags: ALLOWED_TAGS,
          allowedAttributes: { '*': LAYOUT_ATTRIBUTES, a: ['href', 'name', 'target', 'rel'], img: ['src', 'alt'], td: ['nowrap'] },
          allowedSchemes: ['http', 'https', 'mailto'],
          allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
          allowedSchemesAppliedToAttributes: ['href', 'src'],
          allowProtocolRelative: false,
          allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_STYLE_VALUE]])) },
          // Text of dropped containers (style sheets, scripts, titles) is not shown either.
          nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head', 'svg', 'math', 'template', 'iframe', 'object'],
          transformTags: {
            a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
            img: (tagName, attribs) => {
              const src = attribs.src ?? '';
              if (src.toLowerCase().startsWith('cid:')) {
                const inline = options.inlineImages?.get(src.slice(4).replace(/^<|>$/g, ''));
                return inline ? { tagName, attribs: { ...attribs, src: inline } } : { tagName, attribs: { alt: attribs.alt ?? '' } };
              }
              if (isRemote(src) && !options.showImages) {
                blockedImages += 1;
                return { tagName, attribs: { alt: attribs.alt ?? '' } };
              }
              if (src.toLowerCase().startsWith('data:') && !/^data:image\/(png|gif|jpe?g|webp);/i.test(src)) return { tagName, attribs: { alt: attribs.alt ?? '' } };
              return { tagName, attribs };
            },
          },
        });
  const document = [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(mailCsp(options.showImages))}">`,
    '<meta name="referrer" content="no-referrer">',
    '<style>body{margin:0;padding:12px;font-family:system-ui,sans-serif;font-size:14px;color:#222;word-wrap:break-word}img{max-width:100%;height:auto}</style>',
    `</head><body>${body}</body></html>`,
  ].join('');
  return { document, blockedImages };
}
