import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import type { Database } from './database.js';
import type { DB } from './schema.js';

/** Every table of the DB type; the compiler refuses a table missing here or named wrongly. */
const TYPED_TABLES = {
  teams: true, users: true, team_members: true, sessions: true, subscriptions: true, job_progress: true, people: true, companies: true,
  people_search: true, search_terms: true, search_data_version: true, bulk_load_indexes: true, search_values: true, saved_searches: true, app_secrets: true,
  uploads: true, lists: true, contacts: true, list_contacts: true, import_batches: true, list_companies: true, credit_periods: true,
  credit_ledger: true, credit_member_months: true, credit_holds: true, integrations: true, crm_records: true, sync_runs: true,
  enrichment_runs: true, enrichment_items: true, domain_events: true, event_deliveries: true, login_failures: true,
  service_leases: true, enrichment_claims: true, idempotency_keys: true, mail_accounts: true, mail_folders: true, mail_messages: true,
  search_runs: true,
  custom_companies: true, list_custom_companies: true,
  worker_heartbeats: true,
  email_verification_runs: true, email_verification_items: true,
  api_keys: true, icp_filters: true,
  team_logos: true,
  knowledge_profiles: true, knowledge_sources: true, knowledge_chunks: true,
  billing_customers: true,
  billing_subscriptions: true,
  billing_events: true,
  billing_invoice_grants: true,
  billing_pack_grants: true,
  billing_discounts: true,
  billing_cancellations: true,
  onboarding_knowledge_profiles: true, website_allowed_domains: true,
  campaigns: true, campaign_lists: true, campaign_mailboxes: true, campaign_steps: true, campaign_leads: true, campaign_sends: true,
  campaign_lead_events: true, suppressions: true, campaign_mail_scans: true, campaign_tasks: true, campaign_templates: true,
  mail_warmups: true,
  mail_warmup_messages: true,
  agents: true, agent_runs: true, agent_run_contacts: true, agent_answers: true,
  sales_gpt_conversations: true,
  sales_gpt_messages: true,
} satisfies Record<keyof DB, true>;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the typed database', () => {
  it('types every table the migrations create', async () => {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
      order by 1`.execute(database.db);
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(TYPED_TABLES).sort());
  });
});
