import type { AppContext } from '../lib/context.js';
import type { Config } from '../lib/config.js';
import { loadDemoPeople } from '../features/people-data/demo-people.js';
import { createTestApp } from './test-app.js';

/**
 * The real server on 127.0.0.1 with a fresh database, serving the built web app: what the
 * browser tests run against. `people` loads that many generated demo people (seeded). `ctx` is
 * the server's own context, for tests that set up or check data through its database.
 */
export async function startTestServer(options: { people?: number; config?: Partial<Config> } = {}): Promise<{ url: string; ctx: AppContext; close(): Promise<void> }> {
  const { app, ctx, close } = await createTestApp({ work: true, ...(options.config ? { config: options.config } : {}) });
  if (options.people) await loadDemoPeople(ctx.db, { people: options.people });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address, ctx, close };
}
