import { z } from 'zod';

/** The largest upload accepted: 1 GiB. One byte more is refused with 413 and nothing is kept. */
export const MAX_UPLOAD_BYTES = 1_073_741_824;

/**
 * Caps on what one uploaded table may hold, so any upload of at most 1 GiB, alone or five at
 * once, is read in bounded memory and in time linear in its size (docs/decisions.md, Files).
 */
export const FILE_LIMITS = {
  /** Data rows of one file: 2.5x the 4M rows of a 1 GiB prospect CSV. */
  maxRows: 10_000_000,
  /** Cells of any one row (the header included): a prospect file has a dozen. */
  maxColumns: 1_000,
  /** Unpacked XML of an .xlsx's shared strings, the one part held in memory while a sheet is read. */
  maxSharedStringsBytes: 64 * 1024 ** 2,
  /** Entries of an .xlsx's shared strings table. */
  maxSharedStrings: 2_000_000,
  /** Everything an .xlsx's entries unpack to (declared, then counted while inflating). */
  maxUnpackedBytes: 4 * 1024 ** 3,
  /** Unpacked over packed bytes, for one entry and for the whole zip (checked from 10 MiB unpacked). */
  maxCompressionRatio: 200,
  /** The XML of a single worksheet row. */
  maxRowXmlChars: 16 * 1024 ** 2,
  /** Bytes of stored uploads per team (`UPLOAD_QUOTA_BYTES`); uploads are kept seven days. */
  defaultUploadQuotaBytes: 5 * 1024 ** 3,
} as const;

/** File types accepted for upload, by extension. */
export const ACCEPTED_FILE_TYPES = ['csv', 'xls', 'xlsx'] as const;
export const FileType = z.enum(ACCEPTED_FILE_TYPES);
export type FileType = z.infer<typeof FileType>;

/** For a file input's `accept` attribute and dropzones. */
export const ACCEPTED_FILE_EXTENSIONS = ACCEPTED_FILE_TYPES.map((type) => `.${type}`);

const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0 ? `${bytes / 1024 ** 3} GiB` : `${bytes.toLocaleString('en-US')} bytes`;

/** File-level messages shared by every feature that takes a file (list upload, company upload, bulk enrich). */
export const FILE_MESSAGES = {
  /** Spec §5, verbatim: an upload with no data rows. */
  fileEmpty: 'The file is empty. Please upload a file with data!',
  /** Spec §8, verbatim. */
  csvUploadFailed: 'There was an error trying to upload the CSV file. Please try again later!',
  /** Spec §8, verbatim. */
  fileProcessingFailed: 'There was an error trying to process your file. Please try again later!',
  wrongType: 'Only .csv, .xls and .xlsx files can be uploaded. Please choose a file of one of these types!',
  noFile: "No file was sent. Send the file as multipart/form-data in a field named 'file'.",
  tooLarge: (limitBytes: number = MAX_UPLOAD_BYTES) =>
    `The file is too large. Files can be at most ${formatBytes(limitBytes)} (${limitBytes.toLocaleString('en-US')} bytes).`,
  notXlsx: 'This file is not a valid .xlsx workbook. Please save it again as .xlsx or .csv!',
  unreadable: (type: FileType) => `This file could not be read as .${type}. Please check the file or save it as .csv!`,
  xlsTooLarge: 'Old-style .xls files can be at most 100 MB. Please save the file as .xlsx or .csv!',
  zipBomb: 'This .xlsx file unpacks to an unreasonable size and was refused. Please save it again as .xlsx or .csv!',
  csvRowTooLong: 'A row of this CSV file is longer than 16 MB, usually because of a quote that is never closed. Please check the file!',
  uploadNotFound: 'Upload not found.',
  tooManyColumns: (line: number) =>
    `Row ${line.toLocaleString('en-US')} of this file has more than ${FILE_LIMITS.maxColumns.toLocaleString('en-US')} columns. Please keep only the columns you need and upload it again!`,
  tooManyRows: `This file has more than ${FILE_LIMITS.maxRows.toLocaleString('en-US')} rows. Please split it into smaller files!`,
  sharedStringsTooLarge: `This .xlsx file holds more than ${FILE_LIMITS.maxSharedStringsBytes / 1024 ** 2} MB (or ${FILE_LIMITS.maxSharedStrings.toLocaleString('en-US')}) distinct texts, more than can be read at once. Please save it as .csv and upload that!`,
  xlsxRowTooLong: 'A row of this .xlsx file is longer than 16 MB or never ends. Please save it again as .xlsx or .csv!',
  csvBadQuote: (line: number) =>
    `Line ${line.toLocaleString('en-US')} of this CSV file has a quote that is not closed properly, so the rows after it cannot be read. Please fix that line and upload the file again!`,
  quotaExceeded: (quotaBytes: number) =>
    `This upload would put your team's stored uploads over their ${formatBytes(quotaBytes)} quota (uploads are kept 7 days). Please try again once older uploads have expired!`,
  nulRowSkipped: (row: number) => `Row ${row.toLocaleString('en-US')} was not imported: it contains a NUL character.`,
} as const;

/** An uploaded file as the API answers it. */
export const UploadedFile = z.object({
  _id: z.string(),
  fileName: z.string(),
  fileType: FileType,
  /** Bytes on disk. */
  size: z.number(),
  /** The header row as read (first non-empty row; the first worksheet for Excel). */
  headers: z.array(z.string()),
  /** Data rows after the header, empty rows not counted. */
  rowCount: z.number(),
  /** Blank cells per column, in header order, over every data row: what the upload dialogs check on step 1. */
  blankCounts: z.array(z.number()),
  createdAt: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

export const UploadFileResponse = z.object({ data: UploadedFile });
export type UploadFileResponse = z.infer<typeof UploadFileResponse>;
