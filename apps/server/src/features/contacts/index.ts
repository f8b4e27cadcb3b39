/*
 * Contacts: the team's copies of prospects, and the only way other features reach them. Lists
 * hold contacts, enrichment writes what it finds into them, integrations push and pull them;
 * campaigns will enrol them and the inbox will match mail to them by address.
 */
export {
  applyContactChanges,
  createCustomContact,
  createFileContacts,
  createFromPeople,
  createProfiledContact,
  ENRICHABLE_COLUMNS,
  findContactById,
  findContactsByEmail,
  findContactsByIds,
  findEnrichableContacts,
  findListContactsToVerify,
  findPeopleContacts,
  flagCounts,
  updateContactProfile,
  writeEmailChecks,
  writeEnrichmentResults,
  type EmailCheckResult,
  type ContactProfile,
  type CustomContactValues,
  type EnrichableContact,
  type EnrichmentResult,
  type FileContactValues,
} from './contacts.repository.js';
export { createContacts, presentContact } from './contacts.service.js';
