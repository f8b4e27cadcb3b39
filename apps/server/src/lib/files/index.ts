/** Reading uploaded tables (CSV, .xls, .xlsx) and writing CSV downloads. */
export { fileTypeOf, headerCells, readTableBatches, summarizeTable, type FileType, type TableBatch, type TableSummary } from './table.js';
export { CsvRowDecoder, CsvSummaryTap, MAX_CSV_ROW_CHARS, TableSummaryBuilder } from './csv-read.js';
export { dateText, MAX_XLS_BYTES, numberText } from './excel.js';
export { decodeXmlText } from './xlsx-reader.js';
export { assertSafeZip, openCheckedZip, ZIP_LIMITS, type ZipLimits } from './zip-guard.js';
export { createCsvStream, CrlfRecords, encodeCsvCell, encodeCsvRow, escapeFormulaCell, unescapeFormulaCell, type CsvCell } from './csv-write.js';
export { ensurePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../db/private-dir.js';
