// `npm start`: build what is needed, then run the server (API, web app and workers) in this process.
import { register } from 'tsx/esm/api';
import { buildWebIfNeeded } from './build-web.mjs';

buildWebIfNeeded();
register();
process.argv[2] = 'serve';
await import('../apps/server/src/main.ts');
