import { z } from 'zod';

/** A key is this prefix and 43 base64url characters (256 random bits). */
export const API_KEY_PREFIX = 'll_';
/** Characters of a key kept visible at each end when it is listed (spec/settings.md: first 4 and last 4). */
export const API_KEY_VISIBLE_CHARS = 4;
/** Calls one key may make per minute unless API_KEY_RATE_LIMIT says otherwise. */
export const API_KEY_DEFAULT_RATE_LIMIT = 600;

export const API_KEY_MESSAGES = {
  created: 'API key created successfully!',
  deleted: 'API key deleted successfully!',
  createFailed: 'Failed to create API key',
  deleteFailed: 'There was an error deleting the API key. Please try again later!',
  loadFailed: 'There was an error fetching your API keys. Please try again later!',
  copied: 'Copied to clipboard!',
  invalidKey: 'This API key is not valid. It may have been deleted.',
  sessionOnly: 'This action needs a signed-in session; an API key cannot do it.',
  rateLimited: 'Too many requests with this API key. Please try again later!',
} as const;

/** How a key appears in the list: its first and last four characters around a fixed mask. */
export function maskApiKey(first: string, last: string): string {
  return `${first}${'•'.repeat(8)}${last}`;
}

/** spec/settings.md §3 "API key": `_id` (used by delete), `key` (masked in the list), `createdAt`. */
export const ApiKeyView = z.object({
  _id: z.string().uuid(),
  key: z.string().describe('The key masked: its first and last four characters'),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;

export const ApiKeysResponse = z.object({ data: z.array(ApiKeyView) });
export type ApiKeysResponse = z.infer<typeof ApiKeysResponse>;

export const ApiKeyCreateResponse = z.object({
  data: z.object({
    _id: z.string().uuid(),
    key: z.string().describe('The whole key. It is shown this once: the server keeps only its hash.'),
    maskedKey: z.string(),
    createdAt: z.string(),
  }),
});
export type ApiKeyCreateResponse = z.infer<typeof ApiKeyCreateResponse>;

export const ApiKeyDeleteQuery = z.object({ id: z.string().uuid('id must be an API key id') });
export type ApiKeyDeleteQuery = z.infer<typeof ApiKeyDeleteQuery>;

export const ApiKeyDeleteResponse = z.object({ data: z.object({ _id: z.string().uuid() }) });
