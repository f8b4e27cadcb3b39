import type { AgentAnswersTable, AgentRunContactsTable, AgentRunsTable, AgentsTable } from './schema-agents.js';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  ContactsTable,
  CustomCompaniesTable,
  ImportBatchesTable,
  ListCompaniesTable,
  ListContactsTable,
  ListCustomCompaniesTable,
  ListsTable,
  UploadsTable,
} from './schema-lists.js';
import type {
  AppSecretsTable,
  BulkLoadIndexesTable,
  CompaniesTable,
  PeopleSearchTable,
  PeopleTable,
  SavedSearchesTable,
  SearchDataVersionTable,
  SearchTermsTable,
  SearchValuesTable,
} from './schema-people.js';
import type { EnrichmentClaimsTable, EnrichmentItemsTable, EnrichmentRunsTable } from './schema-enrichment.js';
import type { EmailVerificationItemsTable, EmailVerificationRunsTable } from './schema-verification.js';
import type { CrmRecordsTable, IntegrationsTable, SyncRunsTable } from './schema-integrations.js';
import type { DomainEventsTable, EventDeliveriesTable } from './schema-events.js';
import type { CreditHoldsTable, CreditLedgerTable, CreditMemberMonthsTable, CreditPeriodsTable } from './schema-credits.js';
import type { ServiceLeasesTable } from './schema-services.js';
import type { WorkerHeartbeatsTable } from './schema-jobs.js';
import type { IdempotencyKeysTable } from './schema-idempotency.js';
import type { MailAccountsTable, MailFoldersTable, MailMessagesTable, MailWarmupMessagesTable, MailWarmupsTable } from './schema-mail.js';
import type { SearchRunsTable } from './schema-search.js';
import type { SalesGptConversationsTable, SalesGptMessagesTable } from './schema-sales-gpt.js';
import type { CampaignTemplatesTable } from './schema-campaign-templates.js';
import type { ApiKeysTable } from './schema-api-keys.js';
import type { IcpFiltersTable } from './schema-icp-filters.js';
import type { KnowledgeChunksTable, KnowledgeProfilesTable, KnowledgeSourcesTable } from './schema-knowledge-hub.js';
import type {
  BillingCancellationsTable,
  BillingCustomersTable,
  BillingDiscountsTable,
  BillingEventsTable,
  BillingInvoiceGrantsTable,
  BillingPackGrantsTable,
  BillingSubscriptionsTable,
} from './schema-billing.js';
import type { OnboardingKnowledgeProfilesTable, WebsiteAllowedDomainsTable } from './schema-onboarding.js';
import type {
  CampaignLeadEventsTable,
  CampaignMailScansTable,
  CampaignLeadsTable,
  CampaignListsTable,
  CampaignMailboxesTable,
  CampaignSendsTable,
  CampaignStepsTable,
  CampaignTasksTable,
  CampaignsTable,
  SuppressionsTable,
} from './schema-campaigns.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable column that inserts may leave out. */
type Optional<T> = ColumnType<T | null, T | string | null | undefined, T | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type TeamRole = 'ADMIN' | 'MEMBER';
export type MemberStatus = 'ACTIVE' | 'INVITED' | 'REJECTED';
export type JobState = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface TeamsTable {
  id: Generated<string>;
  name: string;
  website: string | null;
  logo_url: string | null;
  /** The team's enrichment preference (spec/settings.md §3), read by every member's enrichment. */
  are_personal_emails_priority: Generated<boolean>;
  database_type: Generated<string>;
  /** The sender's postal address every campaign email ends with (CAN-SPAM); migration 0250. */
  sender_postal_address: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

export interface TeamLogosTable {
  team_id: string;
  /** The re-encoded PNG, never the uploaded bytes. */
  png: Buffer;
  version: string;
  updated_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<string>;
  name: string;
  email: string;
  password_hash: string;
  team_id: string;
  permission: 'TEAM_OWNER' | null;
  onboarding_step: Generated<string>;
  completed_onboarding_tours: Generated<string[]>;
  email_verified_at: Optional<Date>;
  trial_credits_pending: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface TeamMembersTable {
  id: Generated<string>;
  team_id: string;
  user_id: string | null;
  name: string;
  email: string;
  role: TeamRole;
  status: MemberStatus;
  credits_cap: number | null;
  invited_by: string | null;
  /** SHA-256 (hex) of the invitation link's secret while the invitation is open. */
  invite_token_hash: Optional<string>;
  invite_expires_at: Optional<Date>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface LoginFailuresTable {
  email: string;
  window_started_at: Timestamp;
  failures: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  user_agent: string | null;
}

export interface SubscriptionsTable {
  team_id: string;
  plan: string;
  status: 'active' | 'trialing' | 'canceled' | 'past_due';
  renewal_date: Timestamp;
  is_planned_for_cancellation: Generated<boolean>;
}

export type JobError = { message: string; at: string; item?: string };

export interface JobProgressTable {
  id: Generated<string>;
  team_id: string;
  user_id: string | null;
  kind: string;
  state: JobState;
  done: Generated<number>;
  total: number | null;
  error_count: Generated<number>;
  errors: ColumnType<JobError[], string | undefined, string>;
  result: Json<Record<string, unknown> | null>;
  created_at: Generated<Date>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  updated_at: Generated<Date>;
}

export interface DB {
  teams: TeamsTable;
  team_logos: TeamLogosTable;
  users: UsersTable;
  team_members: TeamMembersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  subscriptions: SubscriptionsTable;
  job_progress: JobProgressTable;
  people: PeopleTable;
  companies: CompaniesTable;
  people_search: PeopleSearchTable;
  search_terms: SearchTermsTable;
  search_data_version: SearchDataVersionTable;
  bulk_load_indexes: BulkLoadIndexesTable;
  search_values: SearchValuesTable;
  saved_searches: SavedSearchesTable;
  app_secrets: AppSecretsTable;
  uploads: UploadsTable;
  lists: ListsTable;
  contacts: ContactsTable;
  list_contacts: ListContactsTable;
  import_batches: ImportBatchesTable;
  list_companies: ListCompaniesTable;
  custom_companies: CustomCompaniesTable;
  list_custom_companies: ListCustomCompaniesTable;
  credit_periods: CreditPeriodsTable;
  credit_ledger: CreditLedgerTable;
  credit_member_months: CreditMemberMonthsTable;
  credit_holds: CreditHoldsTable;
  integrations: IntegrationsTable;
  crm_records: CrmRecordsTable;
  sync_runs: SyncRunsTable;
  service_leases: ServiceLeasesTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  mail_accounts: MailAccountsTable;
  mail_folders: MailFoldersTable;
  mail_messages: MailMessagesTable;
  mail_warmups: MailWarmupsTable;
  mail_warmup_messages: MailWarmupMessagesTable;
  enrichment_runs: EnrichmentRunsTable;
  enrichment_items: EnrichmentItemsTable;
  domain_events: DomainEventsTable;
  event_deliveries: EventDeliveriesTable;
  enrichment_claims: EnrichmentClaimsTable;
  idempotency_keys: IdempotencyKeysTable;
  search_runs: SearchRunsTable;
  email_verification_runs: EmailVerificationRunsTable;
  email_verification_items: EmailVerificationItemsTable;
  api_keys: ApiKeysTable;
  icp_filters: IcpFiltersTable;
  knowledge_profiles: KnowledgeProfilesTable;
  knowledge_sources: KnowledgeSourcesTable;
  knowledge_chunks: KnowledgeChunksTable;
  agents: AgentsTable;
  agent_runs: AgentRunsTable;
  agent_run_contacts: AgentRunContactsTable;
  agent_answers: AgentAnswersTable;
  billing_customers: BillingCustomersTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_events: BillingEventsTable;
  billing_invoice_grants: BillingInvoiceGrantsTable;
  billing_pack_grants: BillingPackGrantsTable;
  billing_discounts: BillingDiscountsTable;
  billing_cancellations: BillingCancellationsTable;
  onboarding_knowledge_profiles: OnboardingKnowledgeProfilesTable;
  website_allowed_domains: WebsiteAllowedDomainsTable;
  campaigns: CampaignsTable;
  campaign_lists: CampaignListsTable;
  campaign_tasks: CampaignTasksTable;
  campaign_mailboxes: CampaignMailboxesTable;
  campaign_steps: CampaignStepsTable;
  campaign_leads: CampaignLeadsTable;
  campaign_sends: CampaignSendsTable;
  campaign_lead_events: CampaignLeadEventsTable;
  suppressions: SuppressionsTable;
  campaign_mail_scans: CampaignMailScansTable;
  sales_gpt_conversations: SalesGptConversationsTable;
  sales_gpt_messages: SalesGptMessagesTable;
  campaign_templates: CampaignTemplatesTable;
}

export type User = Selectable<UsersTable>;
export type Team = Selectable<TeamsTable>;
export type TeamMember = Selectable<TeamMembersTable>;
export type JobProgress = Selectable<JobProgressTable>;
