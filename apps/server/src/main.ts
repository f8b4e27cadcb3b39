import { ensureDemoWorkspace } from './demo.js';
import { ensureDemoPeople } from './features/people-data/demo-people.js';
import { openStartingServer, takeStartingServer } from './http/starting-server.js';
import { loadConfig } from './lib/config.js';
import { startRuntime } from './runtime.js';

/** `serve` runs the web app, the API and the workers; `worker` runs only workers (scale-out). */
async function main() {
  const mode = process.argv[2] ?? 'serve';
  if (mode !== 'serve' && mode !== 'worker') throw new Error(`Unknown mode "${mode}": use serve or worker`);
  const config = loadConfig();
  const workOnly = mode === 'worker';
  if (workOnly && !config.databaseUrl) {
    throw new Error('A separate worker needs a shared PostgreSQL: set DATABASE_URL (the embedded database has one process).');
  }
  const log = (line: string) => console.log(`[leadline] ${line}`);
  log(`Starting (${mode}) with ${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}...`);
  // The port answers at once with a starting page (start.mjs may have opened it before the web build).
  const starting = workOnly ? null : (takeStartingServer() ?? (await openStartingServer({ port: config.port, host: config.host })));
  starting?.progress({ step: 'Opening the database' });
  const runtime = await startRuntime(config, { serve: !workOnly, work: true });

  await runtime.queue.schedule(runtime.schedules);
  if (!workOnly) {
    starting?.progress({ step: 'Creating the demo workspace' });
    await ensureDemoWorkspace(runtime.ctx.db, config.dataDir, log);
    await ensureDemoPeople(runtime.ctx.db, {
      people: config.demoPeople,
      log,
      onProgress: (done, total) => starting?.progress({ step: 'Loading demo data', done, total }),
    });
  }
  if (runtime.app && starting) {
    starting.handOver(runtime.app);
    log(`Ready: http://localhost:${config.port}  (API docs: http://localhost:${config.port}/api/docs)`);
  } else {
    log('Worker ready.');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log('Forced exit.');
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: finishing running jobs (up to 30 s; unfinished ones are retried on the next start)...`);
    await starting?.close();
    await runtime.close();
    log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
