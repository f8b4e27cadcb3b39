/**
 * Linear-time scanning of spreadsheet XML. Every search starts where the previous one ended and
 * a start tag whose end never comes stops the scan, so no input, however broken or hostile
 * (tags that never close, deep nesting, a million unterminated starts), costs more than a
 * constant number of passes over its text. Regular expressions with lazy `[\s\S]*?` bodies do
 * not have that property: each unterminated start rescans to the end of the text.
 */

/** Characters examined by the searches below, summed over the process: tests check it stays linear in the input. */
export const xmlScanCounter = { chars: 0 };

function find(text: string, needle: string, from: number): number {
  const at = text.indexOf(needle, from);
  xmlScanCounter.chars += (at < 0 ? text.length : at + needle.length) - from;
  return at;
}

const isNameEnd = (code: number) => code === 32 || code === 62 || code === 47 || code === 9 || code === 10 || code === 13 || Number.isNaN(code);

/** The opening and closing tag text of an element in a part whose elements carry `prefix` (`''` or `'x:'`). */
export type ElementName = { open: string; close: string };
export const elementName = (prefix: string, local: string): ElementName => ({ open: `<${prefix}${local}`, close: `</${prefix}${local}>` });

/**
 * Calls `each(attributes, content)` for every `<name …>content</name>` in `xml` in order
 * (`content` null for `<name …/>`); stops early when `each` returns false.
 */
export function forEachElement(xml: string, name: ElementName, each: (attributes: string, content: string | null) => boolean | void): void {
  let pos = 0;
  for (;;) {
    const start = find(xml, name.open, pos);
    if (start < 0) return;
    const afterName = start + name.open.length;
    if (!isNameEnd(xml.charCodeAt(afterName))) {
      pos = afterName;
      continue;
    }
    const gt = find(xml, '>', afterName);
    if (gt < 0) return;
    if (xml.charCodeAt(gt - 1) === 47) {
      if (each(xml.slice(afterName, gt - 1), null) === false) return;
      pos = gt + 1;
      continue;
    }
    const end = find(xml, name.close, gt + 1);
    if (end < 0) return;
    if (each(xml.slice(afterName, gt), xml.slice(gt + 1, end)) === false) return;
    pos = end + name.close.length;
  }
}

/** The content of the first `<name>…</name>` in `xml` ('' for `<name/>`); undefined without one. */
export function firstElement(xml: string, name: ElementName): string | undefined {
  let found: string | undefined;
  forEachElement(xml, name, (_, content) => {
    found = content ?? '';
    return false;
  });
  return found;
}

/** `xml` without its `<name>…</name>` elements (phonetic runs, for instance). */
export function withoutElements(xml: string, name: ElementName): string {
  let out = '';
  let pos = 0;
  for (;;) {
    const start = find(xml, name.open, pos);
    if (start < 0) break;
    const end = find(xml, name.close, start + name.open.length);
    if (end < 0) break;
    out += xml.slice(pos, start);
    pos = end + name.close.length;
  }
  return pos === 0 ? xml : out + xml.slice(pos);
}

/** Attribute strings of every start tag `<name …>` or `<prefix:name …>`, any prefix. */
export function* startTags(xml: string, local: string): Generator<string> {
  const re = new RegExp(`<(?:\\w+:)?${local}(?=[\\s/>])`, 'g');
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const afterName = m.index + m[0].length;
    const gt = find(xml, '>', afterName);
    if (gt < 0) return;
    yield xml.slice(afterName, xml.charCodeAt(gt - 1) === 47 ? gt - 1 : gt);
    re.lastIndex = gt + 1;
  }
}

/** Attributes of a start tag's attribute text; values in either quote, entities left as they are. */
export function attributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  let pos = 0;
  for (;;) {
    const eq = find(source, '=', pos);
    if (eq < 0) return attrs;
    const name = source.slice(pos, eq).trim().split(/\s+/).pop() ?? '';
    let q = eq + 1;
    while (q < source.length && /\s/.test(source[q]!)) q++;
    const quote = source[q];
    if (quote !== '"' && quote !== "'") {
      pos = q;
      continue;
    }
    const end = find(source, quote, q + 1);
    if (end < 0) return attrs;
    if (name) attrs[name] = source.slice(q + 1, end);
    pos = end + 1;
  }
}

/** The namespace prefix ('' or 'x:') of a part's root element `local`, once its start tag is in `head`; null before. */
export function rootPrefix(head: string, local: string): string | null {
  const m = new RegExp(`<(?:(\\w+):)?${local}(?=[\\s/>])`).exec(head);
  return m ? (m[1] ? `${m[1]}:` : '') : null;
}

/** The start of a part longer than this without its root element is not spreadsheet XML. */
const MAX_HEAD_CHARS = 1024 * 1024;

/**
 * Cuts a part's streamed text into pieces that each end just after the last `</element>` seen
 * so far, so every complete element lies in exactly one piece; each piece comes with the
 * namespace prefix of the part's root element `root`. Only each new chunk (plus a tag's length
 * of overlap) is searched; text waiting for its end tag is kept as a list of chunks and joined
 * once. More than `maxPending` characters without an end tag throws `tooLong()`. The last
 * piece is whatever follows the last end tag.
 */
export async function* elementPieces(
  chunks: AsyncIterable<string>,
  part: { root: string; element: string; maxPending: number; tooLong: () => Error; notXml: () => Error },
): AsyncGenerator<{ xml: string; prefix: string }> {
  let pending: string[] = [];
  let pendingChars = 0;
  let prefix: string | null = null;
  let head = '';
  let tag = '';
  let tail = '';
  for await (const text of chunks) {
    let chunk = text;
    if (prefix === null) {
      head += text;
      prefix = rootPrefix(head, part.root);
      if (prefix === null) {
        if (head.length > MAX_HEAD_CHARS) throw part.notXml();
        continue;
      }
      chunk = head;
      head = '';
      tag = `</${prefix}${part.element}>`;
    }
    const window = tail + chunk;
    xmlScanCounter.chars += window.length;
    const at = window.lastIndexOf(tag);
    if (at < 0) {
      pending.push(chunk);
      pendingChars += chunk.length;
      if (pendingChars > part.maxPending) throw part.tooLong();
      tail = window.slice(-(tag.length - 1));
      continue;
    }
    const cut = at + tag.length - tail.length;
    pending.push(chunk.slice(0, cut));
    yield { xml: pending.join(''), prefix };
    const rest = chunk.slice(cut);
    pending = rest ? [rest] : [];
    pendingChars = rest.length;
    tail = rest.slice(-(tag.length - 1));
  }
  if (prefix === null && head) yield { xml: head, prefix: '' };
  else if (pendingChars > 0) yield { xml: pending.join(''), prefix: prefix ?? '' };
}
