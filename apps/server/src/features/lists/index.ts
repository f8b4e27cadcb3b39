/** The lists feature's public surface: lists and the team's contacts in them, and the events it publishes. */
export { listImportFinished } from './lists.events.js';
export {
  addContactsToList,
  applyContactChanges,
  ensurePersonContacts,
  findContacts,
  findList,
  findPeopleContacts,
  insertList,
  pageListContacts,
  setListStatus,
} from './lists.repository.js';
export { requireList } from './lists.service.js';
