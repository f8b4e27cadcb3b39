/**
 * A child process for the crash test: syncs one mailbox's folders into a PostgreSQL database
 * in small batches, printing "BATCH n" after each, until it is killed.
 * Arguments: database URL, account id, data dir (for the secret box's key).
 */
import { openDatabase } from '../../db/database.js';
import { syncAllFolders } from '../../features/mailboxes/mailbox-sync.js';
import { connectMailbox } from '../../features/mailboxes/mailbox-login.js';
import { loadConfig } from '../../lib/config.js';
import { findAccount } from '../../features/mailboxes/mailboxes.repository.js';
import type { WriteLane } from '../../supervisor/index.js';
import { createWriteLane } from '../../supervisor/index.js';

const [url, accountId, dataDir] = process.argv.slice(2) as [string, string, string];
const database = await openDatabase({ kind: 'postgres', url });
const config = { ...loadConfig({ DATA_DIR: dataDir }), outboundAllowPrivate: true, encryptionKey: undefined };
const account = (await findAccount(database.db, accountId))!;
const client = await connectMailbox({ db: database.db, config }, account);
const inner = createWriteLane(database.db, 'postgres', { maxBatchSize: 20 });
let batches = 0;
const lane: WriteLane = {
  writeInBatches: (rows, write, options) =>
    inner.writeInBatches(rows, async (trx, batch) => {
      await write(trx, batch);
    }, { ...options, maxBatchSize: 20 }).then((result) => {
      batches += result.batches;
      console.log(`BATCH ${batches}`);
      return result;
    }),
};
await syncAllFolders(client, { db: database.db, lane, accountId });
console.log('DONE');
await client.logout();
await database.close();
