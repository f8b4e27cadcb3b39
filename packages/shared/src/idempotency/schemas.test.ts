import { describe, expect, it } from 'vitest';
import { IdempotencyHeaders } from './schemas.js';

describe('IdempotencyHeaders', () => {
  const key = (value: string) => IdempotencyHeaders.safeParse({ 'idempotency-key': value });

  it('takes a UUID, or no key at all', () => {
    expect(key('2400c80b-c452-40c0-9621-5923dd2300c5').success).toBe(true);
    expect(IdempotencyHeaders.safeParse({}).success).toBe(true);
  });

  it('refuses an empty key, one over 255 characters, and spaces or control characters', () => {
    expect(key('  ').success).toBe(false);
    expect(key('x'.repeat(256)).success).toBe(false);
    expect(key('two words').success).toBe(false);
    expect(key('nul\u0000').success).toBe(false);
  });
});
