import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../lib/config.js';
import type { AppContext } from '../lib/context.js';
import { startRuntime, type Runtime } from '../runtime.js';
import type { FeatureModule, JobRegistration } from '../lib/feature-module.js';
import { createTestDatabase } from './database.js';

export type TestApp = { app: FastifyInstance; ctx: AppContext; runtime: Runtime; close(): Promise<void> };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'leadline-test'), LOG_LEVEL: 'silent' }),
    loginRateLimit: 1000,
    signupRateLimit: 1000,
    ...overrides,
  };
}

/** The whole application on a fresh database, for `app.inject` tests. */
export async function createTestApp(
  options: { config?: Partial<Config>; work?: boolean; features?: FeatureModule[]; jobs?: JobRegistration[] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const runtime = await startRuntime(testConfig(options.config), {
    serve: true,
    work: options.work ?? false,
    database,
    logger: false,
    pollingIntervalSeconds: 0.5,
    ...(options.features ? { features: options.features } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
  });
  return { app: runtime.app!, ctx: runtime.ctx, runtime, close: runtime.close };
}
