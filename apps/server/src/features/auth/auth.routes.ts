import { AppError, ErrorBody, LoginBody, MESSAGES, MeResponse, SignupBody, SignupPendingResponse, VerifyEmailBody, VerifyEmailResponse } from '@leadline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { getMe, logIn, logOut, signUp, SESSION_COOKIE, verifyEmail, type NewSession } from './auth.service.js';

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

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
      config: {
        rateLimit: {
          max: ctx.config.signupRateLimit,
          timeWindow: '1 hour',
          errorResponseBuilder: () => new AppError('RATE_LIMITED', MESSAGES.tooManySignups),
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Create an account: its own team (you become TEAM_OWNER), or the team of an invitation link',
        description: 'When the server sends mail, a new account confirms its address first: the answer is 202 for every address.',
        body: SignupBody,
        response: { 201: MeResponse, 202: SignupPendingResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await signUp(ctx, request.body, { userAgent: request.headers['user-agent'] ?? null, origin: origin(request) });
      if (result.kind === 'check-email') {
        return reply.status(202).send({ data: { status: 'CHECK_EMAIL', email: result.email, message: MESSAGES.checkEmail } });
      }
      setSessionCookie(request, reply, result.session);
      return reply.status(201).send(await getMe(ctx.db, result.session.userId));
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: { tags: ['auth'], summary: "Confirm an address from its mailed link; the first confirmation grants the trial's credits", body: VerifyEmailBody, response: { 200: VerifyEmailResponse, 400: ErrorBody } },
    },
    async (request) => ({ data: await verifyEmail(ctx.db, request.body.token) }),
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], summary: 'Log in with email and password', body: LoginBody, response: { 200: MeResponse, 401: ErrorBody, 429: ErrorBody } },
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
