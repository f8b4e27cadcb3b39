import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors.js';

const API_PREFIXES = ['/api/', '/search/', '/autocomplete/'];

/** Serves the built web app; unknown non-API paths get index.html for client-side routing. */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const built = fs.existsSync(path.join(webDist, 'index.html'));
  if (built) await app.register(fastifyStatic, { root: webDist, serve: false });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (API_PREFIXES.some((p) => pathname.startsWith(p))) throw apiNotFound(request.url);
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build` or `npm start`.');
    }
    const file = path.resolve(webDist, `.${pathname}`);
    const insideDist = file.startsWith(webDist + path.sep);
    if (insideDist && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      // Vite fingerprints everything under assets/, so those never change under a name.
      const immutable = pathname.startsWith('/assets/');
      return reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache').sendFile(path.relative(webDist, file), { cacheControl: false });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
