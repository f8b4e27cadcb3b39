import { z } from 'zod';

/**
 * Request primitives for every value that reaches the database. PostgreSQL refuses a NUL byte
 * in text and a lone UTF-16 surrogate in JSON, and its integer columns hold 32 bits; a request
 * carrying one of those is the client's error, so it is refused here with a message that names
 * the field instead of failing later in SQL.
 */

type TextKind = 'line' | 'multiline' | 'storable';

/**
 * Characters refused by each kind of text: every C0 control in one line; all but tab, line feed
 * and carriage return in multi-line text; only NUL in text that may echo stored data.
 */
const FORBIDDEN: Record<TextKind, RegExp> = {
  line: /[\u0000-\u001f]/,
  multiline: /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/,
  storable: /\u0000/,
};
/** Half of a surrogate pair with no other half: not a character in any Unicode encoding. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const TEXT_MESSAGES = {
  controlCharacter: 'Must not contain control characters (such as NUL or a line break).',
  controlCharacterMultiline: 'Must not contain control characters such as NUL (tabs and line breaks are fine).',
  nul: 'Must not contain a NUL character.',
  loneSurrogate: 'Must be valid Unicode text (it holds half of an emoji or other character).',
} as const;

/** Why a text may not be stored, or null when it may. */
export function textProblem(value: string, kind: TextKind = 'line'): string | null {
  if (FORBIDDEN[kind].test(value)) return { line: TEXT_MESSAGES.controlCharacter, multiline: TEXT_MESSAGES.controlCharacterMultiline, storable: TEXT_MESSAGES.nul }[kind];
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.loneSurrogate;
  return null;
}

function checked(schema: z.ZodString, kind: TextKind) {
  return schema.check((ctx) => {
    const message = textProblem(ctx.value, kind);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  });
}

/**
 * One line of text that may be stored: no C0 control character, no lone surrogate. Chain the
 * usual string checks after it (`text().max(120)`).
 */
export const text = () => checked(z.string(), 'line');

/** `text()` with surrounding white space removed first, so a pasted trailing line break is no error. */
export const trimmedText = () => checked(z.string().trim(), 'line');

/** Text that may hold tabs and line breaks (a message body, a note), and nothing else below U+0020. */
export const multilineText = () => checked(z.string(), 'multiline');

/**
 * Any text PostgreSQL can store (no NUL, no lone surrogate), for values that may come back from
 * stored data, such as a filter option picked from the people database, where a tab can occur.
 */
export const storableText = () => checked(z.string(), 'storable');

export const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 } as const;

export const NUMBER_MESSAGES = {
  wholeNumber: 'Must be a whole number.',
  int32: `Must be between ${INT32.min.toLocaleString('en-US')} and ${INT32.max.toLocaleString('en-US')}.`,
  safeInteger: `Must be between ${(-Number.MAX_SAFE_INTEGER).toLocaleString('en-US')} and ${Number.MAX_SAFE_INTEGER.toLocaleString('en-US')}.`,
} as const;

// Range checks come before the whole-number check, so 2^60 is reported as too large, not as a fraction.

/** A whole number that fits PostgreSQL's `integer`. Chain `.min()`/`.max()` to narrow it. */
export const int32 = () =>
  z.number(NUMBER_MESSAGES.wholeNumber).min(INT32.min, NUMBER_MESSAGES.int32).max(INT32.max, NUMBER_MESSAGES.int32).int(NUMBER_MESSAGES.wholeNumber);

/** `int32()` read from a query string or path ("2" is 2; "0.5", "NaN" and "2147483648" are refused). */
export const queryInt32 = () =>
  z.coerce.number(NUMBER_MESSAGES.wholeNumber).min(INT32.min, NUMBER_MESSAGES.int32).max(INT32.max, NUMBER_MESSAGES.int32).int(NUMBER_MESSAGES.wholeNumber);

/** A whole number a `bigint` column holds exactly (money): at most 2^53 - 1 either way. */
export const safeInteger = () =>
  z
    .number(NUMBER_MESSAGES.wholeNumber)
    .min(-Number.MAX_SAFE_INTEGER, NUMBER_MESSAGES.safeInteger)
    .max(Number.MAX_SAFE_INTEGER, NUMBER_MESSAGES.safeInteger)
    .int(NUMBER_MESSAGES.wholeNumber);
