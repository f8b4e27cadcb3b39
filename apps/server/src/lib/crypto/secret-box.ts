import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * Encrypts secrets at rest (integration access and refresh tokens) with AES-256-GCM. The key
 * lives outside the database: ENCRYPTION_KEY, or a key file created once in DATA_DIR (mode 600),
 * so a copy of the database alone does not hand out a team's CRM. Installations with several
 * machines set ENCRYPTION_KEY on each of them.
 */
export class SecretBox {
  readonly #key: Buffer;
  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The encryption key must be 32 bytes.');
    this.#key = key;
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret.');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64.');
  return key;
}

const boxes = new Map<string, SecretBox>();

/** The installation's box: ENCRYPTION_KEY, else DATA_DIR/encryption.key (created on first use). */
export function secretBoxFor(config: Pick<Config, 'encryptionKey' | 'dataDir'>): SecretBox {
  const cacheKey = config.encryptionKey ?? `file:${config.dataDir}`;
  let box = boxes.get(cacheKey);
  if (box) return box;
  if (config.encryptionKey) {
    box = new SecretBox(parseKey(config.encryptionKey));
  } else {
    const file = path.join(config.dataDir, 'encryption.key');
    fs.mkdirSync(config.dataDir, { recursive: true });
    if (!fs.existsSync(file)) {
      // Written aside, then linked into place: atomic, so a process starting at the same moment
      // reads either no file or the whole key, and the first link wins.
      const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
      fs.writeFileSync(aside, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
      try {
        fs.linkSync(aside, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        fs.unlinkSync(aside);
      }
    }
    box = new SecretBox(parseKey(fs.readFileSync(file, 'utf8')));
  }
  boxes.set(cacheKey, box);
  return box;
}
