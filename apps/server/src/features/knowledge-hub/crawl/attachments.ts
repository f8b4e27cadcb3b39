/** Text of .pdf (unpdf, pdf.js) and .docx (mammoth) files; both libraries are loaded on first use. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { assertSafeZip, ZIP_LIMITS } from '../../../lib/files/index.js';
import { tidy } from './html-text.js';

/** A .docx of at most 5 MB has no business unpacking to more than this (zip bombs do). */
const DOCX_ZIP_LIMITS = { ...ZIP_LIMITS, maxEntries: 2_000, maxTotalUncompressedBytes: 100 * 1024 ** 2, ratioCheckFromBytes: 1024 ** 2 };

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
  // The zip's directory is checked before mammoth (JSZip) unpacks it all into memory.
  const file = path.join(os.tmpdir(), `leadline-docx-${randomUUID()}.docx`);
  await fs.writeFile(file, bytes, { mode: 0o600 });
  try {
    await assertSafeZip(file, DOCX_ZIP_LIMITS);
  } finally {
    await fs.rm(file, { force: true });
  }
  const mammoth = (await import('mammoth')).default;
  const { value } = await mammoth.extractRawText({ buffer: bytes });
  return tidy(value);
}

export const isPdf = (contentType: string, url: string, bytes: Buffer) =>
  contentType.includes('application/pdf') || /\.pdf($|\?)/i.test(url) || bytes.subarray(0, 5).toString('latin1') === '%PDF-';

export const isDocx = (contentType: string, url: string) =>
  contentType.includes('wordprocessingml') || /\.docx($|\?)/i.test(url);
