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
  'GET /api/v1/company/postal-address': 'user',
  'PUT /api/v1/company/postal-address': 'user',

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
  'GET /email-warmup/link': 'user',
  'GET /api/v1/mail/gmail/auth': 'user',
  'GET /api/v1/mail/outlook/auth': 'user',
  'GET /api/v1/mail/gmail/oauth2callback': 'user',
  'GET /api/v1/mail/outlook/oauth2callback': 'user',
  // The inbox: a member reads only the mailboxes they connected (docs/decisions.md, "Inbox").
  'GET /api/v1/mail/gmail/:category': 'user',
  'GET /api/v1/mail/gmail/thread/:id': 'user',
  'GET /api/v1/mail/gmail/message/:id': 'user',
  'GET /api/v1/mail/gmail/message/:id/document': 'user',
  'GET /api/v1/mail/gmail/message/:id/attachments/:index': 'user',
  'POST /api/v1/inbox/:emailType/:action': 'user',
  'GET /api/v1/inbox/gmail/getInboxTags': 'user',
  'POST /api/v1/inbox/gmail/updateTags': 'user',
  // Sent from the caller's own mailbox only.
  'POST /api/v1/mail/gmail/send': 'user',
  'POST /api/v1/integrations/:service/data/push': 'user',
  'POST /api/v1/integrations/:service/data/pull': 'admin',
  'GET /api/v1/integrations/crm/team/connectiondata': 'admin',
  'GET /api/v1/integrations/crm/authdata': 'user',

  // ICP filters live on the company tab, which every member opens (spec/settings.md §6).
  'GET /icp-filters/get': 'user',
  'POST /icp-filters/create': 'user',
  'DELETE /icp-filters/delete': 'user',

  // AI (issue 23): every member may use it; what costs credits is checked against their cap.
  'GET /ai/status': 'user',
  // SalesGPT (spec/engage.md, sidebar): each member's own conversations; tools act on the member's team and cap.
  'GET /api/v1/sales-gpt/conversations': 'user',
  'POST /api/v1/sales-gpt/conversations': 'user',
  'GET /api/v1/sales-gpt/conversations/:conversationId': 'user',
  'PATCH /api/v1/sales-gpt/conversations/:conversationId': 'user',
  'DELETE /api/v1/sales-gpt/conversations/:conversationId': 'user',
  'POST /api/v1/sales-gpt/conversations/:conversationId/messages': 'user',
  'POST /api/v1/sales-gpt/conversations/:conversationId/confirm': 'user',
  // Knowledge hub profiles are each member's own (spec/settings.md §3: userId); the Company tab is every member's.
  'GET /knowledge-hub/get-all-profiles': 'user',
  'GET /knowledge-hub/profile/:profileId': 'user',
  'POST /knowledge-hub/create-profile-state-machine': 'user',
  'PATCH /knowledge-hub/profile': 'user',
  'DELETE /knowledge-hub/profile/content': 'user',
  'POST /knowledge-hub/delete-profile-vs-id': 'user',
  'POST /knowledge-hub/set-default-kh-profile': 'user',
  'POST /knowledge-hub/attachments': 'user',
  // Inbox AI (spec/engage.md §7): on your own mail only; drafts are charged to your cap.
  'POST /knowledge-hub/generate-email-reply': 'user',
  'POST /knowledge-hub/generate-email-from-subject-line': 'user',
  'POST /knowledge-hub/generate-email-thread-summary': 'user',
  'POST /knowledge-hub/generate-linkedin-reply': 'user',
  // Onboarding is the owner's (an invited member never goes through it); tours are everyone's.
  'GET /api/v1/onboarding': 'user',
  'POST /onboard': 'owner',
  'POST /api/v1/onboarding/tours': 'user',
  'DELETE /api/v1/onboarding/tours': 'user',
  // Website visitor tracking belongs to the Website tab (owner and admins, spec/settings.md §6).
  'GET /ip-addresses/domains': 'admin',
  'PUT /ip-addresses': 'admin',
  // Campaigns are the team's shared outreach, like lists: every member may run them.
  'POST /api/v1/campaigns': 'user',
  'GET /api/v1/campaigns': 'user',
  'GET /api/v1/campaigns/:id': 'user',
  'PATCH /api/v1/campaigns/:id': 'user',
  'DELETE /api/v1/campaigns/:id': 'user',
  'POST /api/v1/campaigns/:id/launch': 'user',
  'POST /api/v1/campaigns/:id/pause': 'user',
  'POST /api/v1/campaigns/:id/resume': 'user',
  'POST /api/v1/campaigns/:id/archive': 'user',
  'POST /api/v1/campaigns/:id/duplicate': 'user',
  'GET /api/v1/campaigns/:id/leads': 'user',
  'POST /api/v1/campaigns/:id/preview': 'user',
  'POST /api/v1/campaigns/generate': 'user',
  'GET /api/v1/agents': 'user',
  'POST /api/v1/agents': 'user',
  'GET /api/v1/agents/:id': 'user',
  'PATCH /api/v1/agents/:id': 'user',
  'DELETE /api/v1/agents/:id': 'user',
  'POST /api/v1/agents/:id/pause': 'user',
  'POST /api/v1/agents/:id/resume': 'user',
  'POST /api/v1/agents/:id/run': 'user',
  'GET /api/v1/agents/:id/runs': 'user',
  'GET /api/v1/agents/:id/runs/:runId': 'user',
  'GET /api/v1/campaigns/:id/leads/:leadId/timeline': 'user',
  'GET /api/v1/campaigns/:id/export': 'user',
  'GET /api/v1/campaigns/:id/tasks': 'user',
  'POST /api/v1/campaigns/:id/tasks/done': 'user',
  'POST /api/v1/campaigns/:id/interested': 'user',
  'GET /api/v1/suppressions': 'user',
  'POST /api/v1/suppressions': 'user',
  'DELETE /api/v1/suppressions': 'user',
  'POST /api/v1/suppressions/restore': 'user',
  'POST /api/v1/suppressions/import': 'user',
  'GET /api/v1/campaign-templates': 'user',
  'GET /api/v1/campaign-templates/:id': 'user',
  'POST /api/v1/campaign-templates': 'user',
  'PATCH /api/v1/campaign-templates/:id': 'user',
  'DELETE /api/v1/campaign-templates/:id': 'user',
  // An email's unsubscribe link: its signed token is the credential; the answer never differs.
  'POST /unsubscribe/:token': 'public',
  'GET /unsubscribe/:token': 'public',
  // Open pixel and click redirect: the signed token is the credential; anything else is the same 404.
  'GET /t/o/:token': 'public',
  'GET /t/c/:token': 'public',

  'GET /credits/getUserCreditsUsed': 'user',
  'GET /analytics/getCreditsInfo': 'user',

  // Billing (spec/settings.md §6: the billing and credits tabs are the owner's).
  'GET /billing/config': sessionOnly('owner'),
  'GET /billing/getTariffs': sessionOnly('owner'),
  'POST /billing/getPaymentLink': sessionOnly('owner'),
  'POST /billing/getSetupLink': sessionOnly('owner'),
  'GET /billing/getPaymentMethods': sessionOnly('owner'),
  'POST /billing/setPaymentMethodAsDefault': sessionOnly('owner'),
  'DELETE /billing/removePaymentMethod': sessionOnly('owner'),
  'GET /billing/getBillingHistory': sessionOnly('owner'),
  'POST /billing/cancelSubscription': sessionOnly('owner'),
  'POST /billing/applyDiscount': sessionOnly('owner'),
  // Stripe's signature over the raw body is the credential.
  'POST /billing/webhook': 'public',
};

/** Generated documentation (OpenAPI JSON and its UI). */
export const PUBLIC_PREFIXES = ['/api/docs'];
