import { escapeHtml, textParagraphsHtml } from '../display/html.js';
import { renderTemplate, type VariableValues } from './variables.js';

/**
 * A step body is HTML when it opens with an element, as the step editor's always does (`<p>`,
 * `<h2>`, `<ul>`...); anything else is plain text, as bodies written before the editor and by
 * the API often are. The sender builds the other part from the one written.
 */
export const isHtmlBody = (body: string) => /^\s*<(?:p|div|h[1-6]|ul|ol|blockquote|table|br|span|a|strong|em|b|i|u|code)\b[^>]*>/i.test(body);

/** A step body with its variables filled: in an HTML body a lead's values are escaped, so a company named "<b>" stays text. */
export function renderBody(body: string, values: VariableValues): string {
  if (!isHtmlBody(body)) return renderTemplate(body, values);
  const escaped: VariableValues = {};
  for (const [name, value] of Object.entries(values)) escaped[name as keyof VariableValues] = value == null ? value : escapeHtml(value);
  return renderTemplate(body, escaped);
}

/** A plain-text body as the editor's HTML: a blank line starts a paragraph, a line break stays one. */
export function textToHtml(text: string): string {
  return isHtmlBody(text) ? text : textParagraphsHtml(text);
}
