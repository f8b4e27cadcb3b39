import { AppError, KNOWLEDGE_LIMITS, KNOWLEDGE_MESSAGES, knowledgeAttachmentKind } from '@leadline/shared';
import { docxText, pdfText } from './crawl/attachments.js';

/** The text of an uploaded .pdf or .docx, cut to what a profile keeps of one item. */
export async function readAttachment(filename: string, bytes: Buffer): Promise<{ filename: string; text: string }> {
  const kind = knowledgeAttachmentKind(filename);
  if (!kind) throw new AppError('VALIDATION_FAILED', KNOWLEDGE_MESSAGES.unsupportedFile, { field: 'file' });
  let text: string;
  try {
    text = kind === 'pdf' ? await pdfText(bytes) : await docxText(bytes);
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', KNOWLEDGE_MESSAGES.noTextInFile, { field: 'file', cause: error });
  }
  // NUL and lone surrogates cannot be stored; a PDF's text may carry them.
  const clean = text.replace(/\u0000/g, '').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
  if (!clean.trim()) throw new AppError('VALIDATION_FAILED', KNOWLEDGE_MESSAGES.noTextInFile, { field: 'file' });
  return { filename, text: clean.slice(0, KNOWLEDGE_LIMITS.maxInfoChars) };
}
