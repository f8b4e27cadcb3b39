import { describe, expect, it } from 'vitest';
import { escapeHtml, textParagraphsHtml } from './html.js';

describe('text in HTML', () => {
  it('escapes what could open an element or close a quoted attribute', () => {
    expect(escapeHtml(`<b title="x" data-y='z'>Tom & Jerry</b>`)).toBe('&lt;b title=&quot;x&quot; data-y=&#39;z&#39;&gt;Tom &amp; Jerry&lt;/b&gt;');
  });

  it('makes a paragraph of each blank-line-separated block, a <br> of each line break, whatever the line endings', () => {
    expect(textParagraphsHtml('Hi Ann,\r\n\r\nLine one\r\nline <two>\n\n\nBye')).toBe('<p>Hi Ann,</p><p>Line one<br>line &lt;two&gt;</p><p>Bye</p>');
  });
});
