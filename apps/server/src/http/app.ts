import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authRoutes } from '../features/auth/auth.routes.js';
import { creditsRoutes } from '../features/credits/credits.routes.js';
import { enrichmentRoutes } from '../features/enrichment/enrichment.routes.js';
import { integrationsRoutes } from '../features/integrations/integrations.routes.js';
import { mailboxesRoutes } from '../features/mailboxes/index.js';
import { actorForToken, SESSION_COOKIE } from '../features/auth/auth.service.js';
import { filesRoutes } from '../features/files/files.routes.js';
import { jobsRoutes } from '../features/jobs/jobs.routes.js';
import { listsRoutes } from '../features/lists/lists.routes.js';
import { searchRoutes } from '../features/search/search.routes.js';
import { teamManagementRoutes } from '../features/team-management/team-management.routes.js';
import type { AppContext } from '../lib/context.js';
import { apiNotFound, registerErrorHandling } from './errors.js';
import { registerPolicyEnforcement } from './policy.js';
import { registerWebApp } from './web-app.js';

export type BuildAppOptions = { logger?: FastifyServerOptions['logger'] };

/** The HTTP application: every feature's routes behind sessions, policies and one error format. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
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
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  registerPolicyEnforcement(app, async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? actorForToken(ctx.db, token) : null;
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Leadline API', description: 'Sales prospecting and outreach workspace', version: '0.1.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { schema: { tags: ['health'], summary: 'Liveness' } }, async () => ({ status: 'ok' }));
  await app.register(authRoutes(ctx));
  await app.register(teamManagementRoutes(ctx));
  await app.register(jobsRoutes(ctx));
  await app.register(searchRoutes(ctx));
  await app.register(filesRoutes(ctx));
  await app.register(listsRoutes(ctx));
  await app.register(creditsRoutes(ctx));
  await app.register(enrichmentRoutes(ctx));
  await app.register(integrationsRoutes(ctx));
  await app.register(mailboxesRoutes(ctx));
  await registerWebApp(app, ctx.config.webDist);

  return app;
}
