import { actorForApiKey } from './features/api-keys/index.js';
import { researchAnswerColumns } from './features/agents/index.js';
import { agentsModule } from './features/agents/agents.module.js';
import { aiModule } from './features/ai/ai.module.js';
import { salesGptModule } from './features/sales-gpt/sales-gpt.module.js';
import { apiKeysModule } from './features/api-keys/api-keys.module.js';
import { actorForToken, SESSION_COOKIE } from './features/auth/index.js';
import { authModule } from './features/auth/auth.module.js';
import { billingModule } from './features/billing/billing.module.js';
import { campaignsModule } from './features/campaigns/campaigns.module.js';
import { companyModule } from './features/company/company.module.js';
import { contactsModule } from './features/contacts/contacts.module.js';
import { creditsModule } from './features/credits/credits.module.js';
import { emailVerificationModule } from './features/email-verification/email-verification.module.js';
import { enrichmentModule } from './features/enrichment/enrichment.module.js';
import { filesModule } from './features/files/files.module.js';
import { icpFiltersModule } from './features/icp-filters/icp-filters.module.js';
import { idempotencyModule } from './features/idempotency/idempotency.module.js';
import { knowledgeHubModule } from './features/knowledge-hub/knowledge-hub.module.js';
import { integrationsModule } from './features/integrations/integrations.module.js';
import { createListsModule } from './features/lists/lists.module.js';
import { mailboxesModule } from './features/mailboxes/mailboxes.module.js';
import { onboardingModule } from './features/onboarding/onboarding.module.js';
import { progressModule } from './features/progress/progress.module.js';
import { searchModule } from './features/search/search.module.js';
import { teamManagementModule } from './features/team-management/team-management.module.js';
import type { SessionLookup } from './http/app.js';
import type { FeatureModule } from './lib/feature-module.js';

/**
 * The composition: every feature of the server, in the order their routes are registered. The
 * HTTP app, the queue and the outbox receive what these modules hand over and import no feature.
 */
export const FEATURES: readonly FeatureModule[] = [
  authModule,
  teamManagementModule,
  progressModule,
  searchModule,
  filesModule,
  createListsModule({ columns: [researchAnswerColumns] }),
  contactsModule,
  creditsModule,
  idempotencyModule,
  enrichmentModule,
  emailVerificationModule,
  integrationsModule,
  mailboxesModule,
  apiKeysModule,
  icpFiltersModule,
  companyModule,
  aiModule,
  knowledgeHubModule,
  billingModule,
  onboardingModule,
  campaignsModule,
  agentsModule,
  salesGptModule,
];

/** How a request's session cookie (the auth feature) or API key (the api-keys feature) becomes its actor. */
export const SESSIONS: SessionLookup = {
  cookie: SESSION_COOKIE,
  actorFor: (db, token) => actorForToken(db, token),
  apiKeyActorFor: (ctx, key) => actorForApiKey(ctx.db, key, ctx.config.apiKeyRateLimit),
};
