import crypto from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../lib/context.js';
import { deleteExpiredLeases, releaseLeases, renewLeases, takeLeases } from './leases.repository.js';
import type { ServiceDefinition } from '../lib/service-definition.js';
import type { WriteLane } from '../lib/service-definition.js';

export type SupervisorOptions = {
  ctx: AppContext;
  services: ServiceDefinition[];
  lane: WriteLane;
  /** Lease duration for services that do not set their own. */
  leaseMs: number;
  /** How often the wanted keys are compared with the running ones; default: the shortest lease / 3. */
  reconcileIntervalMs?: number;
  /** How long stopping waits for an instance to return after its abort; default 10 s. */
  stopTimeoutMs?: number;
  /** Default restart backoff. */
  backoff?: { initialMs: number; maxMs: number };
  /** This process's id in lease rows; default host:pid:random. */
  holder?: string;
  log?: (message: string) => void;
};

type Instance = {
  key: string;
  controller: AbortController;
  /** Settles when the instance's loop (its runs and backoffs) has ended. */
  done: Promise<void>;
  /** Local time the last successful renewal was asked for: the lease is ours until at least then + lease. */
  renewedAt: number;
  /** Aborted because the key went away: its lease is released once it has ended. */
  stopping: boolean;
};

type Service = {
  definition: ServiceDefinition;
  leaseMs: number;
  backoff: { initialMs: number; maxMs: number };
  instances: Map<string, Instance>;
  /** Instances dropped after losing their lease that have not returned yet: their key waits. */
  draining: Map<string, Promise<void>>;
  heartbeat: NodeJS.Timeout | undefined;
  renewing: boolean;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Runs supervised services: every reconcile it asks each service which keys should run, takes
 * the leases it can on the ones not running here, starts an instance per lease won, and stops
 * instances whose key went away. A heartbeat renews the leases it holds; an instance whose
 * lease could not be renewed in time (lost to another process, or the database unreachable)
 * is aborted before the lease can expire, so two processes never run one key at once.
 */
export class Supervisor {
  readonly holder: string;
  readonly #options: SupervisorOptions;
  readonly #services: Service[];
  readonly #log: (message: string) => void;
  #reconcileTimer: NodeJS.Timeout | undefined;
  #reconciling: Promise<void> | undefined;
  #stopped = false;

  constructor(options: SupervisorOptions) {
    this.#options = options;
    this.holder = options.holder ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
    this.#log = options.log ?? ((message) => console.log(`[services] ${message}`));
    this.#services = options.services.map((definition) => ({
      definition,
      leaseMs: definition.leaseMs ?? options.leaseMs,
      backoff: definition.backoff ?? options.backoff ?? { initialMs: 1000, maxMs: 60_000 },
      instances: new Map(),
      draining: new Map(),
      heartbeat: undefined,
      renewing: false,
    }));
  }

  /** Reconciles once now, then on an interval; heartbeats start per service. */
  async start(): Promise<void> {
    for (const service of this.#services) {
      service.heartbeat = setInterval(() => void this.#renew(service), service.leaseMs / 3);
    }
    await this.reconcile();
    const interval = this.#options.reconcileIntervalMs ?? Math.min(...this.#services.map((s) => s.leaseMs)) / 3;
    this.#reconcileTimer = setInterval(() => void this.reconcile(), interval);
  }

  /** The keys running in this process, per service name. */
  running(): Record<string, string[]> {
    return Object.fromEntries(this.#services.map((s) => [s.definition.name, [...s.instances.keys()].sort()]));
  }

  reconcile(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    // One reconcile at a time; a tick that finds one under way waits for it.
    this.#reconciling ??= (async () => {
      try {
        for (const service of this.#services) await this.#reconcileService(service);
      } finally {
        this.#reconciling = undefined;
      }
    })();
    return this.#reconciling;
  }

  async #reconcileService(service: Service) {
    const { ctx } = this.#options;
    const name = service.definition.name;
    let wanted: Set<string>;
    try {
      wanted = new Set(await service.definition.instances(ctx));
    } catch (error) {
      this.#log(`${name}: could not list instances: ${(error as Error).message}`);
      return;
    }
    for (const instance of service.instances.values()) {
      if (!wanted.has(instance.key) && !instance.stopping) this.#stop(service, instance);
    }
    const room = (service.definition.maxInstancesPerProcess ?? Infinity) - service.instances.size;
    const candidates = [...wanted].filter((key) => !service.instances.has(key) && !service.draining.has(key)).slice(0, Math.max(0, room));
    try {
      await deleteExpiredLeases(ctx.db, name);
      if (candidates.length === 0 || this.#stopped) return;
      const askedAt = Date.now();
      const won = await takeLeases(ctx.db, name, candidates, this.holder, service.leaseMs);
      for (const key of won) {
        if (this.#stopped) break;
        this.#start(service, key, askedAt);
      }
    } catch (error) {
      this.#log(`${name}: could not take leases: ${(error as Error).message}`);
    }
  }

  #start(service: Service, key: string, renewedAt: number) {
    const controller = new AbortController();
    const instance: Instance = { key, controller, renewedAt, stopping: false, done: Promise.resolve() };
    instance.done = this.#loop(service, instance);
    service.instances.set(key, instance);
  }

  /** Runs the instance again and again (with backoff) until it is aborted. */
  async #loop(service: Service, instance: Instance) {
    const { definition, backoff } = service;
    const { signal } = instance.controller;
    const tools = {
      signal,
      holder: this.holder,
      lane: this.#options.lane,
      log: (message: string) => this.#log(`${definition.name}[${instance.key}]: ${message}`),
    };
    let quickEnds = 0;
    while (!signal.aborted) {
      const started = Date.now();
      try {
        await definition.run(this.#options.ctx, instance.key, tools);
        if (!signal.aborted) tools.log('ended; restarting');
      } catch (error) {
        if (!signal.aborted) tools.log(`failed: ${(error as Error).message}`);
      }
      if (signal.aborted) break;
      if (Date.now() - started > backoff.maxMs) quickEnds = 0;
      await sleep(Math.min(backoff.maxMs, backoff.initialMs * 2 ** quickEnds), signal);
      quickEnds++;
    }
  }

  /** Aborts an instance whose key went away; its lease is kept (renewed) until it has ended, then released. */
  #stop(service: Service, instance: Instance) {
    instance.stopping = true;
    instance.controller.abort();
    void instance.done.then(async () => {
      if (service.instances.get(instance.key) !== instance) return;
      service.instances.delete(instance.key);
      await releaseLeases(this.#options.ctx.db, service.definition.name, [instance.key], this.holder).catch((error: Error) =>
        this.#log(`${service.definition.name}: could not release ${instance.key}: ${error.message}`),
      );
    });
  }

  /** Drops an instance whose lease is gone or about to be: another process may take it now. */
  #lose(service: Service, instance: Instance, why: string) {
    if (service.instances.get(instance.key) !== instance) return;
    this.#log(`${service.definition.name}[${instance.key}]: ${why}; stopping`);
    service.instances.delete(instance.key);
    instance.controller.abort();
    service.draining.set(instance.key, instance.done);
    void instance.done.then(() => {
      if (service.draining.get(instance.key) === instance.done) service.draining.delete(instance.key);
    });
  }

  async #renew(service: Service) {
    if (service.renewing || this.#stopped) return;
    service.renewing = true;
    const name = service.definition.name;
    try {
      // Give up (abort) while a third of the lease is left, time for the instance to stop
      // before another process may take the key.
      const now = Date.now();
      for (const instance of [...service.instances.values()]) {
        if (now - instance.renewedAt >= (service.leaseMs * 2) / 3) this.#lose(service, instance, 'lease not renewed in time');
      }
      const keys = [...service.instances.keys()];
      if (keys.length === 0) return;
      const askedAt = Date.now();
      const kept = new Set(await renewLeases(this.#options.ctx.db, name, keys, this.holder, service.leaseMs));
      for (const key of keys) {
        const instance = service.instances.get(key);
        if (!instance) continue;
        if (kept.has(key)) instance.renewedAt = askedAt;
        else this.#lose(service, instance, 'lease lost');
      }
    } catch (error) {
      this.#log(`${name}: heartbeat failed: ${(error as Error).message}`);
    } finally {
      service.renewing = false;
    }
  }

  /** Stops every instance (waiting up to stopTimeoutMs for each to return) and releases their leases. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    clearInterval(this.#reconcileTimer);
    await this.#reconciling;
    const timeoutMs = this.#options.stopTimeoutMs ?? 10_000;
    await Promise.all(
      this.#services.map(async (service) => {
        clearInterval(service.heartbeat);
        const instances = [...service.instances.values()];
        for (const instance of instances) instance.controller.abort();
        const ended: string[] = [];
        await Promise.all(
          instances.map(async (instance) => {
            let timer: NodeJS.Timeout | undefined;
            const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)));
            const late = await Promise.race([instance.done.then(() => false), timedOut]);
            clearTimeout(timer);
            if (late) this.#log(`${service.definition.name}[${instance.key}]: did not stop within ${timeoutMs} ms; its lease is left to expire`);
            else ended.push(instance.key);
          }),
        );
        service.instances.clear();
        // An instance still running keeps its lease until the lease expires, so no other
        // process starts the same key beside it.
        await releaseLeases(this.#options.ctx.db, service.definition.name, ended, this.holder).catch((error: Error) =>
          this.#log(`${service.definition.name}: could not release leases: ${error.message}`),
        );
      }),
    );
  }
}
