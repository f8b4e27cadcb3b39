import type { AppContext } from '../lib/context.js';
import type { WriteLane } from './write-lane.js';

/** What a running instance gets besides the context and its key. */
export type ServiceRunTools = {
  /** Aborted when the instance must stop: its key went away, its lease was lost, or the process is stopping. */
  signal: AbortSignal;
  /** This process's lease holder id (for logs). */
  holder: string;
  /** Writes in short transactions that leave the database to the API between batches. */
  lane: WriteLane;
  log(message: string): void;
};

/**
 * A long-lived service, as data: which instances should run now, and how one runs. The
 * supervisor runs each key in exactly one process (the one holding its lease).
 */
export type ServiceDefinition = {
  name: string;
  /** The keys that should run now (e.g. one per connected mailbox id). */
  instances(ctx: AppContext): Promise<string[]>;
  /**
   * Runs one instance until it is done or fails (throws). It must return promptly once
   * `signal` is aborted. An instance that ends while its key is still wanted is started again
   * after a backoff.
   */
  run(ctx: AppContext, key: string, tools: ServiceRunTools): Promise<void>;
  /** Lease duration in ms (default: the supervisor's, SERVICE_LEASE_SECONDS). */
  leaseMs?: number;
  /** Delay before a restart: initialMs doubling up to maxMs; a run that lasted longer than maxMs resets it. */
  backoff?: { initialMs: number; maxMs: number };
  /** Instances of this service one process runs at most (the rest are left to other processes). */
  maxInstancesPerProcess?: number;
};

export function defineService(definition: ServiceDefinition): ServiceDefinition {
  return definition;
}
