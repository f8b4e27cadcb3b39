import { describe, expect, it } from 'vitest';
import { chunkText, queryTerms } from '../chunking.js';
import { extractHtml } from './html-text.js';
import { parseRobots } from './robots.js';
import { parseSitemap } from './sitemap.js';

describe('robots.txt', () => {
  it('uses the longest matching rule of the * group, Allow on a tie, with * and $ patterns', () => {
    const robots = parseRobots(`# comment
User-agent: googlebot
Disallow: /

User-agent: *
Disallow: /private/
Allow: /private/press
Disallow: /*.json$
Disallow:
Sitemap: https://site.example/sitemap.xml`);
    expect(robots.allows('/')).toBe(true);
    expect(robots.allows('/private/x')).toBe(false);
    expect(robots.allows('/private/press/2024')).toBe(true);
    expect(robots.allows('/data.json')).toBe(false);
    expect(robots.allows('/data.json?x=1')).toBe(true);
    expect(robots.sitemaps).toEqual(['https://site.example/sitemap.xml']);
  });

  it('prefers a group naming our agent over *', () => {
    const robots = parseRobots('User-agent: *\nDisallow: /\n\nUser-agent: LeadlineKnowledgeHub\nDisallow: /admin');
    expect(robots.allows('/pricing')).toBe(true);
    expect(robots.allows('/admin/x')).toBe(false);
  });
});

describe('page text', () => {
  it('keeps the main content, drops menus, footers, scripts and hidden parts, and resolves links', () => {
    const page = extractHtml(
      `<html><head><title> Pricing &amp; plans </title><style>.x{}</style></head><body>
      <nav><a href="/a">Menu A</a></nav><div role="navigation">More menu</div>
      <main><h1>Plans</h1><p>The Rocket plan costs 49 dollars per seat, billed yearly, with onboarding included for every new team.</p>
      <p hidden>Hidden text</p><a href="b#top">B</a> <a href="mailto:x@y.z">mail</a></main>
      <footer>Copyright</footer><script>alert(1)</script></body></html>`,
      'https://site.example/docs/',
    );
    expect(page.title).toBe('Pricing & plans');
    expect(page.text).toBe('Plans\nThe Rocket plan costs 49 dollars per seat, billed yearly, with onboarding included for every new team.\nB mail');
    expect(page.links).toEqual(['https://site.example/a', 'https://site.example/docs/b']);
  });

  it('keeps the whole body, without menus, when the page marks no main content', () => {
    const page = extractHtml('<body><header>Logo</header><div><p>Short page.</p></div></body>', 'https://site.example/');
    expect(page.text).toBe('Short page.');
  });
});

describe('sitemaps, chunks and query terms', () => {
  it('reads a sitemap and a sitemap index', () => {
    expect(parseSitemap('<urlset><url><loc> https://s.example/a?x=1&amp;y=2 </loc></url></urlset>')).toEqual({ isIndex: false, locations: ['https://s.example/a?x=1&y=2'] });
    expect(parseSitemap('<sitemapindex><sitemap><loc>https://s.example/s1.xml</loc></sitemap></sitemapindex>').isIndex).toBe(true);
  });

  it('chunks text at paragraph and sentence boundaries within the size limit', () => {
    const text = ['Short one.', 'A'.repeat(900), `${'Sentence number one is here. '.repeat(80)}`].join('\n');
    const chunks = chunkText(text, 1000, 1600);
    expect(chunks.every((c) => c.length <= 1600)).toBe(true);
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' ').trim());
  });

  it('asks for the most frequent content words, without stop words', () => {
    expect(queryTerms('Hi! What is the price? The price per seat, please.')).toEqual(['price', 'per', 'seat']);
  });
});
