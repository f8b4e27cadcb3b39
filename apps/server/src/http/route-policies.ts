/**
 * Who may call each route. `public`: anyone; `user`: any signed-in team member; `admin`: the
 * team owner and team admins; `owner`: the team owner only. Every route acts on the caller's
 * own team only: services scope every query by the actor's team, and another team's ids
 * answer 404. The permission-matrix test calls every route in this map as each role.
 */
export type Policy = 'public' | 'user' | 'admin' | 'owner';

/**
 * A route an API key may not call, whoever created the key: signing up, logging in and out,
 * managing keys, billing. Only a signed-in session (the cookie) reaches it.
 */
export type SessionOnly = { policy: Policy; sessionOnly: true };
const sessionOnly = (policy: Policy): SessionOnly => ({ policy, sessionOnly: true });

export const ROUTE_POLICIES: Record<string, Policy | SessionOnly> = {
  'GET /api/health': 'public',
  'GET /*': 'public', // the web app's files and its client-side routes

  'POST /api/auth/signup': sessionOnly('public'),
  'POST /api/auth/login': sessionOnly('public'),
  'POST /api/auth/verify-email': sessionOnly('public'),
  'GET /api/cookies/me': 'user',
  'DELETE /api/cookies/me': sessionOnly('user'),

  // API keys (spec/settings.md §6: the api_cockpit tab is for owners and admins).
  'POST /api/v1/api_keys/create': sessionOnly('admin'),
  'GET /api/v1/api_keys/getAll': sessionOnly('admin'),
  'DELETE /api/v1/api_keys/delete': sessionOnly('admin'),

  // The Company tab is every member's (spec/settings.md §6); the logo is served to the team only.
  'PUT /userInfo': 'user',
  'POST /user/logo': 'user',
  'GET /user/logo': 'user',

  'POST /api/v1/team-management/invitations': 'admin',
  'GET /api/v1/team-management/invitations': 'user',
  'PATCH /api/v1/team-management/invitations': 'user',
  // The link's secret is the credential: its holder sees which team and role it offers.
  'GET /api/v1/team-management/invitations/:token': 'public',
  'GET /api/v1/team-management/members/getAll': 'admin',
  'PATCH /api/v1/team-management/members/update': 'admin',
  'PATCH /api/v1/team-management/members/remove': 'admin',

  'GET /api/v1/jobs': 'user',

  'POST /search/contacts': 'user',
  'POST /search/companies': 'user',
  'GET /autocomplete/:field': 'user',
  'GET /search/save': 'user',
  'POST /search/save': 'user',
  'GET /api/v1/jobs/:id': 'user',
  'POST /api/v1/files': 'user',

  // Lists are the team's shared workspace: every member may create, fill, empty and delete them.
  'POST /api/v1/lists': 'user',
  'GET /api/v1/lists/getAll': 'user',
  'POST /api/v1/lists/:id': 'user',
  'DELETE /api/v1/lists/:id': 'user',
  'PATCH /api/v1/lists/addContacts/:listId': 'user',
  'PATCH /api/v1/lists/removeContacts/:id': 'user',
  'GET /api/v1/lists/download/:listId': 'user',
  'POST /api/v1/lists/:id/refresh': 'user',
  'POST /api/v1/lists/companies/upload': 'user',
  'PATCH /api/v1/lists/addSearchCompanies/:listId': 'user',
  'POST /api/v1/prospects/upload-to-list': 'user',
  'POST /api/v1/prospects-enrichment/single': 'user',
  'POST /api/v1/prospects-enrichment/bulk': 'user',
  'POST /api/v1/email-verification/single': 'user',
  'POST /api/v1/email-verification/bulk': 'user',
  'POST /api/v1/contacts/download': 'user',
  'POST /api/v1/contacts/bulk': 'user',
  'POST /api/v1/contacts': 'user',
  'PATCH /api/v1/contacts/enrichedDataByContactId/:contactId': 'user',

  // Integrations (spec/settings.md §6: the integrations tab is for owners and admins). Members
  // may push prospects and see which CRM is connected; connecting, settings and pulls are admin.
  'GET /api/v1/integrations': 'user',
  'POST /api/v1/integrations/:service/oauth2url': 'admin',
  'GET /api/v1/integrations/:service/oauth2callback': 'admin',
  'DELETE /api/v1/integrations/:service/disconnect': 'admin',
  'GET /api/v1/integrations/:service/settings': 'admin',
  'PUT /api/v1/integrations/:service/settings': 'admin',
  'POST /api/v1/integrations/zapier/testtrigger': 'admin',

  // Mailboxes (spec/settings.md §2 Accounts tab): every member connects and sees their own.
  'POST /api/v1/mail/imap/connect': 'user',
  'GET /api/v1/mail/gmail/accounts': 'user',
  'GET /api/v1/mail/providers': 'user',
  'POST /api/v1/mail/gmail/updateProfile': 'user',
  'GET /api/v1/mail/gmail/active': 'user',
  'GET /api/v1/mail/:provider/disconnect': 'user',
  'GET /api/v1/mail/gmail/disconnect': 'user',
  'GET /api/v1/mail/outlook/disconnect': 'user',
  'GET /api/v1/mail/health': 'user',
  // Warm-up: each member warms up their own mailboxes (spec/settings.md §4).
  'GET /email-warmup': 'user',
  'POST /email-warmup': 'user',
  'PATCH /email-warmup': 'user',
  'GET /api/v1/mail/gmail/auth': 'user',
  'GET /api/v1/mail/outlook/auth': 'user',
  'GET /api/v1/mail/gmail/oauth2callback': 'user',
  'GET /api/v1/mail/outlook/oauth2callback': 'user',
  // The inbox: a member reads only the mailboxes they connected (docs/decisions.md, "Inbox").
  'GET /api/v1/mail/gmail/:category': 'user',
  'GET /api/v1/mail/gmail/thread/:id': 'user',
  'GET /api/v1/mail/gmail/message/:id': 'user',
  'GET /api/v1/mail/gmail/message/:id/attachments/:index': 'user',
  'POST /api/v1/inbox/:emailType/:action': 'user',
  'GET /api/v1/inbox/gmail/getInboxTags': 'user',
  'POST /api/v1/inbox/gmail/updateTags': 'user',
  'POST /api/v1/integrations/:service/data/push': 'user',
  'POST /api/v1/integrations/:service/data/pull': 'admin',
  'GET /api/v1/integrations/crm/team/connectiondata': 'admin',
  'GET /api/v1/integrations/crm/authdata': 'user',

  // ICP filters live on the company tab, which every member opens (spec/settings.md §6).
  'GET /icp-filters/get': 'user',
  'POST /icp-filters/create': 'user',
  'DELETE /icp-filters/delete': 'user',

  'GET /credits/getUserCreditsUsed': 'user',
  'GET /analytics/getCreditsInfo': 'user',
};

/** Generated documentation (OpenAPI JSON and its UI). */
export const PUBLIC_PREFIXES = ['/api/docs'];
