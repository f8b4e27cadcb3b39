import { describe, expect, it } from 'vitest';
import { plainTextOf } from '../mailboxes/index.js';
import { composeBody } from './campaign-body.js';

const track = (url: string) => `https://t.test/c?u=${encodeURIComponent(url)}`;
const base = { trackClick: null, openPixel: null, postalAddress: null, unsubscribeUrl: null, plainTextOf };

describe('composeBody', () => {
  it('keeps a plain-text step without open tracking a single text part, its addresses tracked without their trailing punctuation', () => {
    const out = composeBody({ ...base, body: 'See https://a.test/x?y=1. Or (https://b.test/z)!', trackClick: track });
    expect(out.html).toBeUndefined();
    expect(out.text).toBe(`See ${track('https://a.test/x?y=1')}. Or (${track('https://b.test/z')})!`);
  });

  it('rewrites the hrefs of an HTML body (entities decoded before signing) and the same links in its text part', () => {
    const out = composeBody({ ...base, body: '<p>Read <a href="https://a.test/p?x=1&amp;y=2">this</a> or <a href="mailto:me@a.test">mail</a>.</p>', trackClick: track });
    expect(out.html).toContain(`href="${track('https://a.test/p?x=1&y=2').replace(/&/g, '&amp;')}"`);
    expect(out.html).toContain('href="mailto:me@a.test"');
    expect(out.text).toContain(track('https://a.test/p?x=1&y=2'));
  });

  it('adds the pixel to the HTML only, and the postal address and unsubscribe link to both parts, untracked', () => {
    const out = composeBody({ ...base, body: 'Hi <there> & you', trackClick: track, openPixel: 'https://t.test/o', postalAddress: 'Acme <Inc>\n1 Main St', unsubscribeUrl: 'https://t.test/unsubscribe/abc' });
    expect(out.html).toContain('<p>Hi &lt;there&gt; &amp; you</p>');
    expect(out.html).toContain('<img src="https://t.test/o"');
    expect(out.html).toContain('Acme &lt;Inc&gt;<br>1 Main St');
    expect(out.html).toContain('<a href="https://t.test/unsubscribe/abc">Unsubscribe</a>');
    expect(out.text).toBe('Hi <there> & you\n\n--\nAcme <Inc>\n1 Main St\nUnsubscribe: https://t.test/unsubscribe/abc');
  });
});
