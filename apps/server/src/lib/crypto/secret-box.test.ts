import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseKey, SecretBox, secretBoxFor } from './secret-box.js';

describe('the secret box', () => {
  const box = new SecretBox(Buffer.alloc(32, 7));

  it('seals so that the text is not readable and opens back to it', () => {
    const sealed = box.seal('hs-at-secret-token');
    expect(sealed).not.toContain('secret');
    expect(sealed).not.toBe(box.seal('hs-at-secret-token')); // a fresh IV each time
    expect(box.open(sealed)).toBe('hs-at-secret-token');
  });

  it('refuses a tampered secret and another key', () => {
    const sealed = box.seal('token');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
  });

  it('takes a 64-hex or base64 key, and makes a key file with mode 600 when none is given', () => {
    expect(parseKey('ab'.repeat(32))).toHaveLength(32);
    expect(parseKey(Buffer.alloc(32, 1).toString('base64'))).toHaveLength(32);
    expect(() => parseKey('short')).toThrow();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-key-'));
    const sealed = secretBoxFor({ dataDir: dir, encryptionKey: undefined }).seal('x');
    expect(fs.statSync(path.join(dir, 'encryption.key')).mode & 0o777).toBe(0o600);
    expect(new SecretBox(parseKey(fs.readFileSync(path.join(dir, 'encryption.key'), 'utf8'))).open(sealed)).toBe('x');
  });
});
