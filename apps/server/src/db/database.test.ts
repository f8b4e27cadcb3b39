import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';

describe('the embedded database', () => {
  it('refuses a data directory that another running process holds, and takes over a stale lock', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-lock-'));
    const dataDir = path.join(dir, 'pglite');
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(`${dataDir}.lock`, String(other.pid));
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(/in use by process/);
      other.kill('SIGKILL');
      await new Promise((r) => other.once('exit', r));
      const database = await openDatabase({ kind: 'pglite', dataDir });
      expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
      await database.close();
      expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    } finally {
      other.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000); // starts embedded databases in two processes, each running every migration
});
