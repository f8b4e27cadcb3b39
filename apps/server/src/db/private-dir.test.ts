import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { ensurePrivateDir } from './private-dir.js';

const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('ensurePrivateDir', () => {
  it('creates folders 0700 and narrows an existing one to that', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-private-'));
    ensurePrivateDir(path.join(root, 'a', 'b'));
    expect([mode(path.join(root, 'a')), mode(path.join(root, 'a', 'b'))]).toEqual([0o700, 0o700]);
    const open = path.join(root, 'open');
    fs.mkdirSync(open, { mode: 0o755 });
    fs.chmodSync(open, 0o755);
    ensurePrivateDir(open);
    expect(mode(open)).toBe(0o700);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('keeps the embedded database and DATA_DIR readable by this user only', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-pglite-')), 'data');
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      expect([mode(dataDir), mode(path.join(dataDir, 'pglite'))]).toEqual([0o700, 0o700]);
    } finally {
      await database.close();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 60_000);

  it('leaves an existing shared parent folder as it is', async () => {
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-shared-'));
    fs.chmodSync(shared, 0o1777);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(shared, 'db') });
    try {
      expect([mode(shared), mode(path.join(shared, 'db'))]).toEqual([0o777, 0o700]);
    } finally {
      await database.close();
      fs.rmSync(shared, { recursive: true, force: true });
    }
  }, 60_000);
});
