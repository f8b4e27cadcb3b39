import type { ProspectFileHeader } from '@leadline/shared';
import type { Contact } from '../../db/schema-lists.js';

/**
 * Where each accepted prospect-file header (spec §5) lives: the import's staging column it is
 * read into, and the contact column a download writes it from. Import and export both derive
 * their column lists from this map, in PROSPECT_FILE_HEADERS order.
 */
export const PROSPECT_COLUMNS = {
  'Full Name': { staging: 'full_name', contact: 'full_name' },
  'Job Title': { staging: 'job_title', contact: 'job_title' },
  'Job Level': { staging: 'level', contact: 'level' },
  Department: { staging: 'department', contact: 'department' },
  Company: { staging: 'company', contact: 'company_name' },
  Email: { staging: 'email', contact: 'primary_email' },
  Phone: { staging: 'phone', contact: 'primary_phone' },
  'Company Domain': { staging: 'domain', contact: 'company_domain' },
  Country: { staging: 'country', contact: 'country' },
  City: { staging: 'city', contact: 'city' },
  'LinkedIn URL': { staging: 'linkedin', contact: 'linkedin_url' },
} as const satisfies Record<ProspectFileHeader, { staging: string; contact: keyof Contact }>;
