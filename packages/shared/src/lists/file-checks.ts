/**
 * The prospect upload's file checks of spec §5, as one pure function: the web shows its answer on
 * step 1 as soon as the file is uploaded, and the server refuses an import with the same answer.
 * Both read the summary the upload computed while it streamed the whole file (headers, data rows,
 * blank cells per column), so every row is checked, not a sample.
 */
import { PROSPECT_FILE_HEADERS, type ProspectFileHeader, LISTS_MESSAGES } from './schemas.js';

export type FileSummary = { headers: readonly string[]; rowCount: number; blankCounts: readonly number[] };

const headerKey = (h: string) => h.trim().toLowerCase();

/** Where each accepted header sits in the file (case and surrounding spaces ignored); -1 if absent. */
export function mapProspectHeaders(headers: readonly string[]): Record<ProspectFileHeader, number> {
  const keys = headers.map(headerKey);
  return Object.fromEntries(PROSPECT_FILE_HEADERS.map((h) => [h, keys.indexOf(headerKey(h))])) as Record<ProspectFileHeader, number>;
}

/** The spec's message for the first check the file fails (empty, no 'Full Name' column, an empty name), or null. */
export function prospectFileProblem(file: FileSummary): string | null {
  if (file.rowCount === 0) return LISTS_MESSAGES.fileEmpty;
  const column = mapProspectHeaders(file.headers)['Full Name'];
  if (column < 0) return LISTS_MESSAGES.fullNameColumnMissing;
  if ((file.blankCounts[column] ?? 0) > 0) return LISTS_MESSAGES.fullNameValueMissing;
  return null;
}
