import { z } from 'zod';

export const SUPPRESSION_IMPORT_LIMITS = {
  /** Bytes of one CSV: a million addresses fit in about 30 MB. */
  maxBytes: 100 * 1024 ** 2,
  /** Invalid rows named in the answer (all are counted). */
  examples: 10,
} as const;

export const SUPPRESSION_MESSAGES = {
  notCsv: 'Choose a CSV file: one email address per row, or a column named "email".',
  noFile: 'Choose a CSV file to import.',
  noEmailColumn: 'No email column found: name a column "email", or put the addresses in the first column.',
  tooLarge: 'The file is larger than 100 MB.',
  invalidEmail: 'Not an email address',
  domainNotSupported: 'A domain: the suppression list holds email addresses',
  added: 'Added to the suppression list',
  deleted: 'Removed from the suppression list',
  undoExpired: 'This removal can no longer be undone: add the address again.',
} as const;

/** How long the Undo of a removal can put the address back as it was. */
export const SUPPRESSION_UNDO_MS = 10 * 60_000;

/** `POST /api/v1/suppressions/import`: what a CSV import did. */
export const SuppressionImportResponse = z.object({
  data: z.object({
    rows: z.number().int().describe('Data rows read (a header row not counted)'),
    added: z.number().int().describe('Addresses new to the list'),
    duplicates: z.number().int().describe('Valid addresses already on the list or repeated in the file'),
    invalid: z.number().int().describe('Rows without a valid email address'),
    column: z.string().describe('The column the addresses were read from'),
    invalidExamples: z.array(z.object({ row: z.number().int().describe('Row of the file, 1 the first (empty lines not counted)'), value: z.string(), reason: z.string() })),
  }),
});
export type SuppressionImportResult = z.infer<typeof SuppressionImportResponse>['data'];

