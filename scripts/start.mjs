// `npm start`: listen on the port at once with a starting page, build the web app if needed,
// then run the server (API, web app and workers) in this process, which takes the page over.
import { register } from 'tsx/esm/api';
import { buildWeb, webBuildNeeded } from './build-web.mjs';

register();
const { loadConfig } = await import('../apps/server/src/lib/config.ts');
const { openStartingServer } = await import('../apps/server/src/http/starting-server.ts');
const config = loadConfig();
const starting = await openStartingServer({ port: config.port, host: config.host });
console.log(`[leadline] http://localhost:${config.port} shows a starting page until the app is ready.`);
if (webBuildNeeded()) {
  starting.progress({ step: 'Building the web app' });
  await buildWeb();
}
process.argv[2] = 'serve';
await import('../apps/server/src/main.ts');
