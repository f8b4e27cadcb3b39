/** List downloads: a whole list, or chosen contacts, as streamed CSV. */
export { CONTACT_EXPORT_HEADERS, csvFileName, downloadContacts, downloadList } from './list-export.service.js';
