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

/**
 * Which cookie holds the session, and who it belongs to (null: none, or expired); and who an
 * `Authorization: Bearer` API key stands for (it throws when the key is unknown or over its limit).
 */
export type SessionLookup = {
  cookie: string;
  actorFor(db: Kysely<DB>, token: string): Promise<Actor | null>;
  apiKeyActorFor?(ctx: AppContext, key: string): Promise<Actor>;
};

const bearerKey = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];

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
        // Stripe.js and its embedded checkout must come from Stripe (billing's Buy and plan checkout).
        scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // No remote image anywhere in the app: a mail's frame loads its own document, whose CSP
        // allows remote images only after "Show images".
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'https://api.stripe.com', 'https://checkout.stripe.com'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  registerPolicyEnforcement(app, async (request) => {
    // A key wins over a cookie: a script's call is about the key it sent.
    const key = sessions.apiKeyActorFor ? bearerKey(request.headers.authorization) : undefined;
    if (key) return sessions.apiKeyActorFor!(ctx, key);
    const token = request.cookies[sessions.cookie];
    return token ? sessions.actorFor(ctx.db, token) : null;
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Leadline API', description: 'Sales prospecting and outreach workspace', version: '0.1.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessions.cookie },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key from Settings → API Cockpit, sent as `Authorization: Bearer <key>`. It acts as the user who created it, with that ' +
              "user's permissions; sign-up, log-in, log-out, key management and billing need a session. Each key may make " +
              'API_KEY_RATE_LIMIT calls a minute (600 by default); beyond that the answer is 429 with Retry-After.',
          },
        },
      },
      security: [{ session: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { schema: { tags: ['health'], summary: 'Liveness' } }, async () => ({ status: 'ok' }));
  for (const routes of parts.routes) await app.register(routes);
  await registerWebApp(app, ctx.config.webDist);

  return app;
}
