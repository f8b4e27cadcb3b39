/** List import: prospect files into people lists (a job, in batches), company files into company lists. */
export { BATCH_ROWS, importFileIntoList, LEGACY_BATCH_ROWS, startProspectImport, uploadCompanies } from './list-import.service.js';
