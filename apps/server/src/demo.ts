import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from './db/schema.js';
import { createAccount } from './features/auth/auth.service.js';

export const DEMO_EMAIL = 'demo@leadline.local';

/**
 * On first start, creates the demo workspace and its owner with a random password, which is
 * printed once and kept in DATA_DIR/demo-login.txt.
 */
export async function ensureDemoWorkspace(db: Kysely<DB>, dataDir: string, log: (line: string) => void) {
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  const loginFile = path.join(dataDir, 'demo-login.txt');
  if (existing) {
    if (fs.existsSync(loginFile)) log(`Demo login: see ${loginFile}`);
    return { created: false };
  }
  const password = crypto.randomBytes(12).toString('base64url');
  await createAccount(db, { name: 'Demo Owner', email: DEMO_EMAIL, password, companyName: 'Leadline Demo' });
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(loginFile, `email: ${DEMO_EMAIL}\npassword: ${password}\n`, { mode: 0o600 });
  log(`Demo workspace created. Log in as ${DEMO_EMAIL} with password ${password} (also in ${loginFile}).`);
  return { created: true };
}
