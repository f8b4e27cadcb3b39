import { describe, expect, it } from 'vitest';
import { maskApiKey } from './schemas.js';

describe('maskApiKey', () => {
  it('keeps the first and last four characters only', () => {
    expect(maskApiKey('ll_a', 'WXYZ')).toBe('ll_a••••••••WXYZ');
  });
});
