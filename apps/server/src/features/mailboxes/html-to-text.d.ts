// html-to-text 10 ships no types; this is the one function used (mail-plain-text.ts).
declare module 'html-to-text' {
  type Selector = { selector: string; format?: string; options?: Record<string, unknown> };
  export function convert(html: string, options?: { wordwrap?: number | false; selectors?: Selector[] }): string;
}
