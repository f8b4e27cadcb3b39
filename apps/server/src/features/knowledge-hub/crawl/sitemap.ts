/** The <loc> entries of a sitemap or sitemap index, entities decoded. */
export function parseSitemap(xml: string): { isIndex: boolean; locations: string[] } {
  const locations = [...xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/gi)].map((m) =>
    m[1]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'"),
  );
  return { isIndex: /<sitemapindex[\s>]/i.test(xml), locations };
}
