import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_people.js';
import * as m0003 from './migrations/0003_search.js';
import * as m0004 from './migrations/0004_search_speed.js';
import * as m0005 from './migrations/0005_lists.js';
import * as m0006 from './migrations/0006_credits.js';
import * as m0007 from './migrations/0007_enrichment.js';
import * as m0008 from './migrations/0008_integrations.js';
import * as m0009 from './migrations/0009_contact_ids.js';
import * as m0010 from './migrations/0010_bulk_references.js';
import * as m0011 from './migrations/0011_bulk_load_state.js';
import * as m0012 from './migrations/0012_reference_check_by_parent.js';
import * as m0013 from './migrations/0013_import_batches.js';
import * as m0014 from './migrations/0014_person_reference.js';
import * as m0020 from './migrations/0020_domain_events.js';
import * as m0025 from './migrations/0025_service_leases.js';
import * as m0030 from './migrations/0030_invitation_tokens.js';
import * as m0040 from './migrations/0040_enrichment_claims.js';
import * as m0041 from './migrations/0041_idempotency_keys.js';
import * as m0050 from './migrations/0050_mail_accounts.js';
import * as m0051 from './migrations/0051_mail_folders.js';
import * as m0052 from './migrations/0052_mail_messages.js';
import * as m0060 from './migrations/0060_worker_heartbeats.js';
import * as m0065 from './migrations/0065_search_runs.js';
import * as m0066 from './migrations/0066_list_refresh_error.js';
import * as m0072 from './migrations/0072_embedded_ilike_cost.js';
import * as m0080 from './migrations/0080_custom_companies.js';
import * as m0090 from './migrations/0090_email_verification.js';
import * as m0100 from './migrations/0100_mail_message_views.js';
import * as m0115 from './migrations/0115_api_keys.js';
import * as m0116 from './migrations/0116_icp_filters.js';
import * as m0120 from './migrations/0120_team_logos.js';
import * as m0121 from './migrations/0121_team_enrichment_preference.js';
import * as m0130 from './migrations/0130_mail_oauth.js';
import * as m0131 from './migrations/0131_mail_warmup.js';
import * as m0140 from './migrations/0140_billing.js';
import * as m0150 from './migrations/0150_onboarding.js';
import * as m0160 from './migrations/0160_campaigns.js';
import * as m0161 from './migrations/0161_campaign_mail_scans.js';
import * as m0180 from './migrations/0180_knowledge_hub.js';
import * as m0190 from './migrations/0190_onboarding_knowledge_profiles.js';
import * as m0210 from './migrations/0210_campaign_failed_leads.js';
import * as m0211 from './migrations/0211_campaign_tasks.js';
import * as m0212 from './migrations/0212_mail_auto_submitted.js';
import * as m0230 from './migrations/0230_sales_gpt.js';
import * as m0240 from './migrations/0240_agents.js';
import * as m0250 from './migrations/0250_campaign_compliance.js';
import * as m0260 from './migrations/0260_campaign_templates.js';
import * as m0270 from './migrations/0270_campaign_leads_due_by_campaign.js';
import * as m0290 from './migrations/0290_mail_folder_page_index.js';
import * as m0291 from './migrations/0291_mail_account_page_indexes.js';
import * as m0300 from './migrations/0300_search_data_version.js';
import * as m0320 from './migrations/0320_search_terms_query_int.js';
import * as m0330 from './migrations/0330_credit_reserve_many.js';
import * as m0331 from './migrations/0331_campaign_sends_fillfactor.js';

/** Migrations are listed in code so the bundle-free server and the tests see the same set. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_people': m0002,
  '0003_search': m0003,
  '0004_search_speed': m0004,
  '0005_lists': m0005,
  '0006_credits': m0006,
  '0007_enrichment': m0007,
  '0008_integrations': m0008,
  '0009_contact_ids': m0009,
  '0010_bulk_references': m0010,
  '0011_bulk_load_state': m0011,
  '0012_reference_check_by_parent': m0012,
  '0013_import_batches': m0013,
  '0014_person_reference': m0014,
  '0020_domain_events': m0020,
  '0025_service_leases': m0025,
  '0030_invitation_tokens': m0030,
  '0040_enrichment_claims': m0040,
  '0041_idempotency_keys': m0041,
  '0050_mail_accounts': m0050,
  '0051_mail_folders': m0051,
  '0052_mail_messages': m0052,
  '0060_worker_heartbeats': m0060,
  '0065_search_runs': m0065,
  '0066_list_refresh_error': m0066,
  '0072_embedded_ilike_cost': m0072,
  '0080_custom_companies': m0080,
  '0090_email_verification': m0090,
  '0100_mail_message_views': m0100,
  '0115_api_keys': m0115,
  '0116_icp_filters': m0116,
  '0120_team_logos': m0120,
  '0121_team_enrichment_preference': m0121,
  '0130_mail_oauth': m0130,
  '0131_mail_warmup': m0131,
  '0140_billing': m0140,
  '0150_onboarding': m0150,
  '0160_campaigns': m0160,
  '0161_campaign_mail_scans': m0161,
  '0180_knowledge_hub': m0180,
  '0190_onboarding_knowledge_profiles': m0190,
  '0210_campaign_failed_leads': m0210,
  '0211_campaign_tasks': m0211,
  '0212_mail_auto_submitted': m0212,
  '0230_sales_gpt': m0230,
  '0240_agents': m0240,
  '0250_campaign_compliance': m0250,
  '0260_campaign_templates': m0260,
  '0270_campaign_leads_due_by_campaign': m0270,
  '0290_mail_folder_page_index': m0290,
  '0291_mail_account_page_indexes': m0291,
  '0300_search_data_version': m0300,
  '0320_search_terms_query_int': m0320,
  '0330_credit_reserve_many': m0330,
  '0331_campaign_sends_fillfactor': m0331,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Features land in parallel branches; a migration numbered below one already applied still runs.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
