/**
 * The port answers from the first second of a start: while the web app is built, the database
 * opened and the demo data loaded, every page is a small starting page that shows how far it
 * got and turns into the app by itself (it polls `/api/health`, which answers 503 with the
 * progress until the app takes over, then the app's 200). When the app is ready it is handed the
 * same listening server, so there is no moment when the port refuses connections.
 */
import http from 'node:http';
import type { FastifyInstance } from 'fastify';

export type StartingProgress = { step: string; done?: number; total?: number };

export type StartingServer = {
  readonly server: http.Server;
  /** What the starting page says now. */
  progress(step: StartingProgress): void;
  /** From now on every request goes to the app. */
  handOver(app: FastifyInstance): void;
  close(): Promise<void>;
};

// Kept on the process, not the module: start.mjs and main.ts may load this file under two URLs.
const CURRENT = Symbol.for('leadline.startingServer');
const holder = globalThis as { [CURRENT]?: StartingServer };

/** The starting server this process opened, if any (start.mjs opens it before the web build; main.ts takes it). */
export const takeStartingServer = (): StartingServer | null => holder[CURRENT] ?? null;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(step: StartingProgress): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Leadline is starting…</title>
<style>
  body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: #f8f9fa; color: #212529; }
  main { width: min(420px, 90vw); }
  h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
  progress { width: 100%; height: .6rem; }
  p { color: #495057; }
</style></head>
<body><main>
  <h1>Leadline is starting…</h1>
  <p id="step" role="status">${escape(label(step))}</p>
  <progress id="bar"${step.total ? ` max="${step.total}" value="${step.done ?? 0}"` : ''}></progress>
  <p>This page turns into the app by itself when it is ready.</p>
</main>
<script>
  const step = document.getElementById('step');
  const bar = document.getElementById('bar');
  async function poll() {
    try {
      const answer = await fetch('/api/health', { cache: 'no-store' });
      if (answer.ok) return location.reload();
      const body = await answer.json();
      if (body.starting) {
        step.textContent = body.starting.label;
        if (body.starting.total) { bar.max = body.starting.total; bar.value = body.starting.done || 0; } else bar.removeAttribute('value');
      }
    } catch {}
    setTimeout(poll, 700);
  }
  setTimeout(poll, 700);
</script>
</body></html>`;
}

export function label(step: StartingProgress): string {
  if (step.total === undefined) return `${step.step}…`;
  return `${step.step} ${(step.done ?? 0).toLocaleString('en-US')}/${step.total.toLocaleString('en-US')}…`;
}

/** Listens on the port now and answers with the starting page until `handOver`. */
export async function openStartingServer(options: { port: number; host: string }): Promise<StartingServer> {
  let step: StartingProgress = { step: 'Starting' };
  let app: FastifyInstance | null = null;
  const server = http.createServer((request, response) => {
    if (app) return app.routing(request, response);
    const url = request.url ?? '/';
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '2' });
      response.end(JSON.stringify(body));
    };
    if (url.startsWith('/api/health')) return json(503, { status: 'starting', starting: { ...step, label: label(step) } });
    if (url.startsWith('/api/') || request.method !== 'GET') {
      return json(503, { error: { code: 'STARTING', message: `Leadline is starting (${label(step)}). Please try again in a moment.` } });
    }
    response.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '2' });
    response.end(page(step));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const starting: StartingServer = {
    server,
    progress: (next) => void (step = next),
    handOver: (ready) => void (app = ready),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  holder[CURRENT] = starting;
  return starting;
}
