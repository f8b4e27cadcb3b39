import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Actor } from '../lib/actor.js';
import type { AppContext } from '../lib/context.js';
import { apiNotFound, registerErrorHandling } from './errors.js';
import { registerPolicyEnforcement } from './policy.js';
import { registerWebApp } from './web-app.js';

export type BuildAppOptions = { logger?: FastifyServerOptions['logger'] };

/** Which cookie holds the session, and who it belongs to (null: none, or expired). */
export type SessionLookup = { cookie: string; actorFor(db: Kysely<DB>, token: string): Promise<Actor | null> };

/** The HTTP application: the given route plugins behind sessions, policies and one error format. */
export async function buildApp(
  ctx: AppContext,
  parts: { routes: ReadonlyArray<FastifyPluginAsyncZod>; sessions: SessionLookup },
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { sessions } = parts;
  const app = Fastify({
    logger: options.logger ?? {
      level: ctx.config.logLevel,
      // People read a terminal; machines read JSON lines.
      ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
    },
    // The client is the address the outermost trusted proxy saw: X-Forwarded-For entries left
    // of it are whatever the client wrote. A function, because this Fastify ignores a hop count.
    trustProxy: ctx.config.trustProxy > 0 ? (_address: string, hop: number) => hop < ctx.config.trustProxy : false,
    bodyLimit: 10 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.setNotFoundHandler((request) => {
    throw apiNotFound(request.url);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A mail's frame (srcdoc) inherits this policy: remote images are allowed here so that
        // "Show images" can show them; the mail's own CSP blocks them until the reader asks.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  registerPolicyEnforcement(app, async (request) => {
    const token = request.cookies[sessions.cookie];
    return token ? sessions.actorFor(ctx.db, token) : null;
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Leadline API', description: 'Sales prospecting and outreach workspace', version: '0.1.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessions.cookie } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { schema: { tags: ['health'], summary: 'Liveness' } }, async () => ({ status: 'ok' }));
  for (const routes of parts.routes) await app.register(routes);
  await registerWebApp(app, ctx.config.webDist);

  return app;
}
