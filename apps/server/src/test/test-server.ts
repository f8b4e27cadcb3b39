import { createTestApp } from './test-app.js';

/**
 * The real server on 127.0.0.1 with a fresh database, serving the built web app: what the
 * browser tests run against.
 */
export async function startTestServer(): Promise<{ url: string; close(): Promise<void> }> {
  const { app, close } = await createTestApp({ work: true });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address, close };
}
