// `npm run credits:grant -- --team TEAM_ID --amount N [--reason TEXT]` adds credits to a team's
// current period (a self-hosted owner's top-up); `npm run credits:check` proves the cached
// balances equal the ledger and exits 1, printing each discrepancy, when they do not.
// Both act on the configured database (DATABASE_URL, else the embedded PGlite in DATA_DIR).
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { checkLedger, grantCredits } from './credits.service.js';

const USAGE = 'Usage: credits-cli.ts grant --team TEAM_ID --amount N [--reason TEXT] [--key IDEMPOTENCY_KEY]\n       credits-cli.ts check';

/** The CLI without the process around it: answers the exit code; tests call it on their database. */
export async function runCreditsCli(db: Kysely<DB>, argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { team: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' }, key: { type: 'string' } },
  });
  const command = positionals[0];
  if (command === 'check') {
    const result = await checkLedger(db);
    if (result.ok) {
      out(`Ledger OK: ${result.entries} entries in ${result.periods} periods; every balance, member month and hold equals the ledger.`);
      return 0;
    }
    out(`Ledger check FAILED: ${result.discrepancies.length} discrepancies.`);
    for (const d of result.discrepancies) out(`- ${d.what}: ${d.id}\n    ledger says ${JSON.stringify(d.expected)}\n    cache has   ${JSON.stringify(d.actual)}`);
    return 1;
  }
  if (command === 'grant') {
    const amount = Number(values.amount);
    if (!values.team || !Number.isSafeInteger(amount) || amount <= 0) {
      out(USAGE);
      return 2;
    }
    // A fresh key per run unless one is given: running the command twice grants twice.
    const idempotencyKey = values.key ?? `cli-grant:${crypto.randomUUID()}`;
    const { entry, replayed } = await grantCredits(db, {
      teamId: values.team,
      amount,
      idempotencyKey,
      action: 'manual_grant',
      reason: values.reason ?? 'Granted with npm run credits:grant',
    });
    out(replayed ? `Already granted under key ${idempotencyKey} (entry ${entry.id}); nothing changed.` : `Granted ${amount} credits to team ${values.team} (entry ${entry.id}).`);
    return 0;
  }
  out(USAGE);
  return 2;
}
