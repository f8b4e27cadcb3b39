/** Text of .pdf (unpdf, pdf.js) and .docx (mammoth) files; both libraries are loaded on first use. */
import { tidy } from './html-text.js';

export async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 } as never);
  try {
    const { text } = await extractText(document, { mergePages: false });
    return tidy((text as string[]).join('\n'));
  } finally {
    await document.destroy();
  }
}

export async function docxText(bytes: Buffer): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  const { value } = await mammoth.extractRawText({ buffer: bytes });
  return tidy(value);
}

export const isPdf = (contentType: string, url: string, bytes: Buffer) =>
  contentType.includes('application/pdf') || /\.pdf($|\?)/i.test(url) || bytes.subarray(0, 5).toString('latin1') === '%PDF-';

export const isDocx = (contentType: string, url: string) =>
  contentType.includes('wordprocessingml') || /\.docx($|\?)/i.test(url);
