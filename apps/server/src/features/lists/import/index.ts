/** List import: prospect files into people lists (a job, in batches). Company files: see ../companies. */
export { BATCH_ROWS, importFileIntoList, LEGACY_BATCH_ROWS, startProspectImport } from './list-import.service.js';
