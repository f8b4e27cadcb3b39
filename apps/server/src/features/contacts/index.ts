/*
 * Contacts: the team's copies of prospects, and the only way other features reach them. Lists
 * hold contacts, enrichment writes what it finds into them, integrations push and pull them;
 * campaigns will enrol them and the inbox will match mail to them by address.
 */
export { applyContactChanges, flagCounts } from './contact-flags.js';
export {
  createCustomContact,
  createFileContacts,
  createFromPeople,
  ENRICHABLE_COLUMNS,
  findContactById,
  findContactsByEmail,
  findContactsByIds,
  findEnrichableContacts,
  findPeopleContacts,
  writeEnrichmentResults,
  type CustomContactValues,
  type EnrichableContact,
  type EnrichmentResult,
  type FileContactValues,
} from './contacts.repository.js';
export { contactsRoutes } from './contacts.routes.js';
export { createContacts, presentContact } from './contacts.service.js';
