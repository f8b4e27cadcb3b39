import { describe, expect, it } from 'vitest';
import { emailDomain } from './email-domain.js';

describe('emailDomain', () => {
  it('answers the part after the last @, lower-cased', () => {
    expect(emailDomain('Jane.Doe@Acme.COM')).toBe('acme.com');
    expect(emailDomain('"odd@name"@sub.example.org')).toBe('sub.example.org');
  });
});
