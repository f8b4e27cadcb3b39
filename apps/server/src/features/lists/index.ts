/*
 * Lists: the team's lists of contacts or companies, their counts, dynamic refreshes, and (in
 * import/ and export/) files in and out. Other features reach lists only through this file.
 */
export type { ExtraCell, ExtraColumn, ExtraColumnSource } from './extra-columns.js';
export { listImportFinished } from './lists.events.js';
export { addContactsToList, findList, findMiscountedLists, insertList, pageListContacts, setListStatus } from './lists.repository.js';
export { requireList } from './lists.service.js';
