import { describe, expect, it } from 'vitest';
import { xssCorpus } from '../../test/mail/xss-corpus.js';
import { mailCsp, renderMailDocument } from './message-html.js';

const SENTINEL = 'http://127.0.0.1:9/sentinel';
const corpus = xssCorpus(SENTINEL);

describe('renderMailDocument', () => {
  it('has 30 hostile mails in its corpus', () => {
    expect(corpus).toHaveLength(30);
  });

  for (const mail of corpus) {
    it(`leaves nothing that runs or fetches in "${mail.name}"`, () => {
      const { document } = renderMailDocument(mail.html, '', { showImages: false });
      const body = document.slice(document.indexOf('<body>'));
      expect(body).not.toMatch(/<script|<svg|<style|<link|<meta|<base|<iframe|<object|<embed|<form|<input|<video|<audio|<math/i);
      expect(body).not.toMatch(/\son[a-z]+\s*=/i);
      expect(body).not.toMatch(/javascript:|expression\(|url\(/i);
      expect(body).not.toContain('127.0.0.1:9');
    });
  }

  it('keeps remote images out until asked, then lets the CSP allow them', () => {
    const html = '<p>Hi</p><img src="https://img.example/a.png" alt="logo">';
    const hidden = renderMailDocument(html, '', { showImages: false });
    expect(hidden.blockedImages).toBe(1);
    expect(hidden.document).not.toContain('img.example');
    expect(hidden.document).toContain(mailCsp(false));
    const shown = renderMailDocument(html, '', { showImages: true });
    expect(shown.document).toContain('src="https://img.example/a.png"');
    expect(shown.document).toContain('img-src data: https: http:');
  });

  it('shows inline cid: images from the message and plain text escaped', () => {
    const inline = renderMailDocument('<img src="cid:logo@x">', '', { showImages: false, inlineImages: new Map([['logo@x', 'data:image/png;base64,AAAA']]) });
    expect(inline.document).toContain('src="data:image/png;base64,AAAA"');
    const text = renderMailDocument(null, '<b>not bold</b> & more', { showImages: false });
    expect(text.document).toContain('&lt;b&gt;not bold&lt;/b&gt; &amp; more');
  });

  it('opens links in a new tab without the referrer', () => {
    const { document } = renderMailDocument('<a href="https://example.com/x">x</a>', '', { showImages: false });
    expect(document).toContain('href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow"');
  });
});
