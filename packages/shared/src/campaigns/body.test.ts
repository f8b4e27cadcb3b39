import { describe, expect, it } from 'vitest';
import { isHtmlBody, renderBody, textToHtml } from './body.js';

describe('step bodies', () => {
  it('tells the editor HTML from plain text', () => {
    expect(isHtmlBody('<p>Hi {{firstName}}</p>')).toBe(true);
    expect(isHtmlBody('  <h2 style="x">Title</h2>')).toBe(true);
    expect(isHtmlBody('Hi {{firstName}},\n\nthanks')).toBe(false);
    expect(isHtmlBody('<3 from us')).toBe(false);
    expect(isHtmlBody('<nickname> is not a tag we write')).toBe(false);
  });

  it('escapes a lead value in an HTML body, keeps the fallback as written, and leaves plain text alone', () => {
    expect(renderBody('<p>Hi {{firstName|there &amp; all}}, at {{companyName}}</p>', { firstName: null, companyName: 'A<b>&Co' })).toBe('<p>Hi there &amp; all, at A&lt;b&gt;&amp;Co</p>');
    expect(renderBody('Hi {{companyName}}', { companyName: 'A<b>&Co' })).toBe('Hi A<b>&Co');
  });

  it('turns plain text into paragraphs and line breaks, escaped', () => {
    expect(textToHtml('Hi {{firstName|there}},\n\nA <short> note\nthanks')).toBe('<p>Hi {{firstName|there}},</p><p>A &lt;short&gt; note<br>thanks</p>');
    expect(textToHtml('<p>kept</p>')).toBe('<p>kept</p>');
  });
});
