import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type FileType = 'csv' | 'xls' | 'xlsx';
export type ListEntityType = 'contactList' | 'companyList';
export type ListCompletionStatus = 'processing' | 'complete';
export type StoredEmail = { email: string; status: string; source?: string; verifiedAt?: string };
export type StoredPhone = { phoneNumber: string; status: string };
export type CrmData = { crmName: string; crmUrl: string | null; error: string | null };

export interface UploadsTable {
  id: Generated<string>;
  team_id: string;
  user_id: string | null;
  file_name: string;
  file_type: FileType;
  size_bytes: ColumnType<number, number, number>;
  path: string;
  /** The header row as read, and per column how many data rows leave it blank. */
  headers: Json<string[]>;
  row_count: number;
  blank_counts: Json<number[]>;
  created_at: Generated<Date>;
}

export interface ListsTable {
  id: Generated<string>;
  team_id: string;
  name: string;
  entity_type: ListEntityType;
  is_dynamic: Generated<boolean>;
  filters: Json<unknown> | null;
  completion_status: Generated<ListCompletionStatus>;
  created_by: string | null;
  generated_by_system: Generated<boolean>;
  sequences_count: Generated<number>;
  contacts_count: Generated<number>;
  companies_count: Generated<number>;
  total_with_personal_email: Generated<number>;
  total_with_professional_email: Generated<number>;
  total_with_linkedin: Generated<number>;
  total_with_valid_phone: Generated<number>;
  new_since_refresh: Generated<number>;
  refreshed_at: Timestamp | null;
  refresh_error: Generated<string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ContactsTable {
  id: Generated<string>;
  team_id: string;
  person_id: string | null;
  is_custom: Generated<boolean>;
  source_import_id: string | null;
  source_row: number | null;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  level: string | null;
  department: string | null;
  sub_department: string | null;
  company_name: string | null;
  company_domain: string | null;
  linkedin_url: string | null;
  industry: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  emails: ColumnType<StoredEmail[], string | undefined, string>;
  primary_email: string | null;
  phones: ColumnType<StoredPhone[], string | undefined, string>;
  primary_phone: string | null;
  last_email_enrichment: Timestamp | null;
  last_phone_enrichment: Timestamp | null;
  crm_data: Json<CrmData> | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ListContactsTable {
  list_id: string;
  contact_id: string;
  page_context: string | null;
  added_at: Generated<Date>;
}

/** A batch of rows an import has stored (see migration 0013). */
export interface ImportBatchesTable {
  import_id: string;
  first_row: number;
  last_row: number;
  created_at: Generated<Date>;
}

export interface ListCompaniesTable {
  list_id: string;
  company_id: string;
  added_at: Generated<Date>;
}

/** A company a team named that the company database does not hold (migration 0080). */
export interface CustomCompaniesTable {
  id: Generated<string>;
  team_id: string;
  /** Lower-cased, as company uploads store names. */
  name: string;
  match_status: Generated<'not_found' | 'enriched'>;
  domain: string | null;
  industry: string | null;
  headquarters_country: string | null;
  employee_count: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ListCustomCompaniesTable {
  list_id: string;
  custom_company_id: string;
  added_at: Generated<Date>;
}

export type Upload = Selectable<UploadsTable>;
export type List = Selectable<ListsTable>;
export type Contact = Selectable<ContactsTable>;
