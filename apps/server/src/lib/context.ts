import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Queue } from '../jobs/queue.js';
import type { Config } from './config.js';

/** What services need from the outside: the database, the queue and the configuration. */
export type AppContext = {
  db: Kysely<DB>;
  queue: Queue;
  config: Config;
};
