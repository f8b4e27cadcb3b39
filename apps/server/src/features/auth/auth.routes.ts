import { ErrorBody, LoginBody, MeResponse, SignupBody } from '@leadline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { getMe, logIn, logOut, signUp, SESSION_COOKIE, type NewSession } from './auth.service.js';

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: NewSession) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires: session.expiresAt,
  });
}

export const authRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/auth/signup',
    {
      schema: { tags: ['auth'], summary: 'Create an account and its team (you become TEAM_OWNER)', body: SignupBody, response: { 201: MeResponse, 409: ErrorBody } },
    },
    async (request, reply) => {
      const session = await signUp(ctx.db, request.body, request.headers['user-agent'] ?? null);
      setSessionCookie(request, reply, session);
      return reply.status(201).send(await getMe(ctx.db, session.userId));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], summary: 'Log in with email and password', body: LoginBody, response: { 200: MeResponse, 401: ErrorBody } },
    },
    async (request, reply) => {
      const session = await logIn(ctx.db, request.body, request.headers['user-agent'] ?? null);
      setSessionCookie(request, reply, session);
      return getMe(ctx.db, session.userId);
    },
  );

  app.get(
    '/api/cookies/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user and the team subscription', response: { 200: MeResponse, 401: ErrorBody } } },
    async (request) => getMe(ctx.db, actorOf(request).userId),
  );

  app.delete(
    '/api/cookies/me',
    { schema: { tags: ['auth'], summary: 'Log out (ends this session)', response: { 204: z.null() } } },
    async (request, reply) => {
      await logOut(ctx.db, actorOf(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
};
