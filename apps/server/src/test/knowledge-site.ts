/**
 * A website on loopback for knowledge hub crawls: robots.txt (which forbids /private/), a
 * sitemap, `pageCount` linked pages with a menu and a footer around their main content, a PDF
 * and a DOCX, and a redirect to another host. It counts every path it was asked for.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';

/** A one-page PDF whose text is `text` (ASCII). */
export function pdfWith(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 700 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${stream.length}>>\nstream\n${stream}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A minimal .docx whose one paragraph is `text`. */
export async function docxWith(text: string, compression: 'STORE' | 'DEFLATE' = 'STORE'): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression, compressionOptions: { level: 9 } });
}

const page = (title: string, main: string, links: string[]) => `<!doctype html><html><head><title>${title}</title><script>var tracking = "SCRIPT-TEXT";</script></head>
<body><header><nav><a href="/">Home</a> MENU-ONLY-TEXT <a href="/about">About</a></nav></header>
<main><h1>${title}</h1><p>${main}</p>${links.map((l) => `<a href="${l}">more</a>`).join(' ')}</main>
<footer>FOOTER-ONLY-TEXT &copy; Acme</footer></body></html>`;

export async function startKnowledgeSite(options: { pageCount: number; redirectTo?: () => string }) {
  const hits = new Map<string, number>();
  const pdf = pdfWith('Acme pricing guide: the Rocket plan costs 49 dollars per seat');
  const docx = await docxWith('Acme brochure: onboarding takes two weeks with a dedicated manager');
  let origin = '';
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(`User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap.xml\n`);
    }
    if (path === '/sitemap.xml') {
      const urls = ['/docs/guide.pdf', '/docs/brochure.docx', '/private/secret', ...Array.from({ length: options.pageCount }, (_, i) => `/page/${i + 1}`)];
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${origin}${u}</loc></url>`).join('')}</urlset>`);
    }
    if (path === '/') return html(page('Acme rocket skates', 'Acme sells rocket skates to logistics teams. Our skates cut warehouse walking time in half.', ['/page/1', '/private/hidden']));
    const numbered = /^\/page\/(\d+)$/.exec(path);
    if (numbered && Number(numbered[1]) <= options.pageCount) {
      const n = Number(numbered[1]);
      return html(page(`Feature ${n}`, `Feature number ${n} of the rocket skates: topic${n} explained for warehouse managers.`, [`/page/${n + 1}`, '/private/hidden']));
    }
    if (path === '/docs/guide.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(pdf);
    }
    if (path === '/docs/brochure.docx') {
      res.writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
      return res.end(docx);
    }
    if (path === '/go-private' && options.redirectTo) {
      res.writeHead(302, { location: options.redirectTo() });
      return res.end();
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<p>Not found</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
