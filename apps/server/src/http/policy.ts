import { API_KEY_MESSAGES, AppError, MESSAGES, type Permission } from '@leadline/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../lib/actor.js';
import { ROUTE_POLICIES, PUBLIC_PREFIXES, type Policy } from './route-policies.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every route as registered (method, url), for the permission-matrix test and docs. */
    routeTable: Array<{ method: string; url: string }>;
  }
}

const entryFor = (method: string, url: string) => ROUTE_POLICIES[`${method === 'HEAD' ? 'GET' : method} ${url}`];

export function policyFor(method: string, url: string): Policy | undefined {
  const exact = entryFor(method, url);
  if (exact) return typeof exact === 'string' ? exact : exact.policy;
  if (PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) return 'public';
  return undefined;
}

/** Whether only a signed-in session may call the route, never an API key. */
export function isSessionOnly(method: string, url: string): boolean {
  const exact = entryFor(method, url);
  return typeof exact === 'object' && exact.sessionOnly;
}

const ALLOWED: Record<Exclude<Policy, 'public'>, readonly Permission[]> = {
  user: ['TEAM_OWNER', 'TEAM_ADMIN', 'TEAM_MEMBER'],
  admin: ['TEAM_OWNER', 'TEAM_ADMIN'],
  owner: ['TEAM_OWNER'],
};

export function isAllowed(policy: Policy, actor: Actor | null): boolean {
  if (policy === 'public') return true;
  return actor !== null && ALLOWED[policy].includes(actor.permission);
}

/** The signed-in actor of a route whose policy guarantees one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', MESSAGES.signInRequired);
  return request.actor;
}

/**
 * Every route must appear in ROUTE_POLICIES; a route without a policy fails at start-up.
 * The policy is checked before the body is parsed, so a caller who may not call a route
 * learns nothing about its input.
 */
export function registerPolicyEnforcement(
  app: FastifyInstance,
  loadActor: (request: FastifyRequest) => Promise<Actor | null>,
) {
  app.decorateRequest('actor', null);
  const routeTable: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'OPTIONS') continue;
      routeTable.push({ method, url: route.url });
      if (!policyFor(method, route.url)) {
        throw new Error(`Route ${method} ${route.url} has no entry in ROUTE_POLICIES (src/http/route-policies.ts)`);
      }
    }
  });
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url) return; // unmatched: the not-found handler answers
    const policy = policyFor(request.method, url)!;
    request.actor = await loadActor(request);
    if (request.actor?.apiKeyId && isSessionOnly(request.method, url)) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.sessionOnly);
    if (policy === 'public') return;
    if (!request.actor) throw new AppError('UNAUTHENTICATED', MESSAGES.signInRequired);
    if (!isAllowed(policy, request.actor)) throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  });
}
