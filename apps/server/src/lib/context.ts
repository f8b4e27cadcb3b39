import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Config } from './config.js';
import type { EventPublisher } from './event-definition.js';
import type { JobSender } from './job-definition.js';

/** What services need from the outside: the database, the queue, the event outbox and the configuration. */
export type AppContext = {
  db: Kysely<DB>;
  queue: JobSender;
  events: EventPublisher;
  config: Config;
};
