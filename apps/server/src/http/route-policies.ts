/**
 * Who may call each route. `public`: anyone; `user`: any signed-in team member; `admin`: the
 * team owner and team admins; `owner`: the team owner only. Every route acts on the caller's
 * own team only: services scope every query by the actor's team, and another team's ids
 * answer 404. The permission-matrix test calls every route in this map as each role.
 */
export type Policy = 'public' | 'user' | 'admin' | 'owner';

export const ROUTE_POLICIES: Record<string, Policy> = {
  'GET /api/health': 'public',
  'GET /*': 'public', // the web app's files and its client-side routes

  'POST /api/auth/signup': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/cookies/me': 'user',
  'DELETE /api/cookies/me': 'user',

  'POST /api/v1/team-management/invitations': 'admin',
  'GET /api/v1/team-management/invitations': 'user',
  'PATCH /api/v1/team-management/invitations': 'user',
  'GET /api/v1/team-management/members/getAll': 'admin',

  'GET /api/v1/jobs': 'user',

  'POST /search/contacts': 'user',
  'POST /search/companies': 'user',
  'GET /autocomplete/:field': 'user',
  'GET /search/save': 'user',
  'POST /search/save': 'user',
  'GET /api/v1/jobs/:id': 'user',
};

/** Generated documentation (OpenAPI JSON and its UI). */
export const PUBLIC_PREFIXES = ['/api/docs'];
