import { describe, expect, it } from 'vitest';
import { int32, INT32, multilineText, NUMBER_MESSAGES, queryInt32, safeInteger, storableText, text, TEXT_MESSAGES, textProblem, trimmedText } from './primitives.js';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (result.success ? null : result.error!.issues[0]!.message);

describe('text primitives', () => {
  it.each(['\u0000', 'a\u0000b', 'x\u0001', '\u001f', 'line\nbreak', 'tab\there', 'cr\r'])('refuses %j in one line of text', (value) => {
    expect(messageOf(text().safeParse(value))).toBe(TEXT_MESSAGES.controlCharacter);
  });

  it('allows tabs and line breaks in multi-line text, never NUL', () => {
    expect(multilineText().safeParse('a\tb\r\nc').success).toBe(true);
    expect(messageOf(multilineText().safeParse('a\u0000b'))).toBe(TEXT_MESSAGES.controlCharacterMultiline);
  });

  it('allows any control but NUL in storable text, which may echo stored data', () => {
    expect(storableText().safeParse('a\tb\u0007c').success).toBe(true);
    expect(messageOf(storableText().safeParse('a\u0000b'))).toBe(TEXT_MESSAGES.nul);
  });

  it.each(['\ud800', 'a\udfff', 'x\ud83d', '\ude00\ud83d'])('refuses the lone surrogate in %j, in every kind of text', (value) => {
    for (const kind of ['line', 'multiline', 'storable'] as const) expect(textProblem(value, kind)).toBe(TEXT_MESSAGES.loneSurrogate);
  });

  it('accepts emoji, accents, DEL and right-to-left marks', () => {
    for (const value of ['😀', 'Zoë 日本', 'e\u0301', '\u007f', '\u202e', '']) expect(text().safeParse(value).success).toBe(true);
  });

  it('trims before checking, so a pasted trailing line break is no error', () => {
    expect(trimmedText().parse('  engineer\n')).toBe('engineer');
    expect(trimmedText().safeParse(' a\nb ').success).toBe(false);
  });

  it('keeps the usual string checks chainable', () => {
    expect(text().max(3).safeParse('abcd').success).toBe(false);
    expect(trimmedText().min(1).safeParse('  ').success).toBe(false);
  });
});

describe('integer primitives', () => {
  it('accepts the whole int32 range and nothing past it', () => {
    expect(int32().parse(INT32.min)).toBe(INT32.min);
    expect(int32().parse(INT32.max)).toBe(INT32.max);
    expect(messageOf(int32().safeParse(2 ** 31))).toBe(NUMBER_MESSAGES.int32);
    expect(messageOf(int32().safeParse(-(2 ** 31) - 1))).toBe(NUMBER_MESSAGES.int32);
    expect(messageOf(int32().safeParse(1e300))).toBe(NUMBER_MESSAGES.int32);
  });

  it.each([0.5, -0.5, 1.0000001, Number.NaN, Number.POSITIVE_INFINITY, '1'])('refuses %s as not a whole number', (value) => {
    expect(messageOf(int32().safeParse(value))).toBe(NUMBER_MESSAGES.wholeNumber);
  });

  it('reads query texts as int32', () => {
    expect(queryInt32().parse('42')).toBe(42);
    for (const value of ['0.5', 'NaN', 'abc', '1e309']) expect(messageOf(queryInt32().safeParse(value))).not.toBeNull();
    expect(messageOf(queryInt32().safeParse('2147483648'))).toBe(NUMBER_MESSAGES.int32);
  });

  it('takes amounts beyond int32 up to 2^53 - 1 as safe integers', () => {
    expect(safeInteger().parse(5_000_000_000)).toBe(5_000_000_000);
    expect(messageOf(safeInteger().safeParse(2 ** 53))).toBe(NUMBER_MESSAGES.safeInteger);
    expect(messageOf(safeInteger().safeParse(2.5))).toBe(NUMBER_MESSAGES.wholeNumber);
  });
});
