/**
 * A page's readable text, its title and its links. Menus, headers, footers, sidebars, forms and
 * scripts are dropped; when the page marks its main content (<main>, <article>, role="main"),
 * only that is kept.
 */
import { Parser } from 'htmlparser2';

const SKIPPED = new Set(['script', 'style', 'noscript', 'nav', 'header', 'footer', 'aside', 'form', 'svg', 'template', 'iframe', 'button', 'select', 'dialog']);
const SKIPPED_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar']);
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'main', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'br', 'tr', 'td', 'th', 'blockquote', 'pre', 'dd', 'dt', 'table', 'hr']);
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'area', 'base', 'col', 'embed', 'source', 'track', 'wbr']);

export type PageText = { title: string | null; text: string; links: string[] };

export function extractHtml(html: string, baseUrl: string): PageText {
  const links: string[] = [];
  let title = '';
  let inTitle = false;
  // Open elements that hide their content, and those that mark the main content.
  const stack: Array<{ name: string; skip: boolean; main: boolean }> = [];
  let skipDepth = 0;
  let mainDepth = 0;
  let body = '';
  let main = '';
  let base = baseUrl;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'base' && attributes.href) {
          try {
            base = new URL(attributes.href, baseUrl).href;
          } catch {
            /* a broken <base> is ignored, as browsers do */
          }
        }
        if (name === 'title') inTitle = true;
        // Links in menus count too: they are how a site's pages are found.
        if (name === 'a' && attributes.href) links.push(attributes.href);
        if (VOID.has(name)) {
          if (BLOCKS.has(name)) append('\n');
          return;
        }
        const role = (attributes.role ?? '').toLowerCase();
        const hidden = 'hidden' in attributes || attributes['aria-hidden'] === 'true';
        const skip = SKIPPED.has(name) || SKIPPED_ROLES.has(role) || hidden;
        const isMain = name === 'main' || name === 'article' || role === 'main';
        stack.push({ name, skip, main: isMain });
        if (skip) skipDepth++;
        if (isMain) mainDepth++;
        if (BLOCKS.has(name)) append('\n');
      },
      ontext(data) {
        if (inTitle) title += data;
        else append(data);
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (VOID.has(name)) return;
        // Close up to the matching open element (browsers forgive unclosed tags).
        const index = stack.map((e) => e.name).lastIndexOf(name);
        if (index === -1) return;
        for (const element of stack.splice(index)) {
          if (element.skip) skipDepth--;
          if (element.main) mainDepth--;
        }
        if (BLOCKS.has(name)) append('\n');
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  function append(text: string) {
    if (skipDepth > 0) return;
    body += text;
    if (mainDepth > 0) main += text;
  }

  parser.write(html);
  parser.end();

  const resolved = new Set<string>();
  for (const href of links) {
    try {
      const url = new URL(href, base);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      url.hash = '';
      resolved.add(url.href);
    } catch {
      /* not a URL */
    }
  }
  const chosen = tidy(main).length >= 80 ? main : body;
  return { title: tidy(title) || null, text: tidy(chosen), links: [...resolved] };
}

/** Spaces collapsed inside lines, blank lines collapsed between them. */
export function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
