import fs from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';

/** A file for `setInputFiles`, made in memory. */
export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** A CSV file (RFC 4180, CRLF line ends) from rows of cells; the first row is the header. */
export function csvFile(name: string, rows: string[][]): FilePayload {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n') };
}

export function rawFile(name: string, content: string, mimeType = 'text/csv'): FilePayload {
  return { name, mimeType, buffer: Buffer.from(content) };
}

/** Parses RFC 4180 CSV text (quoted cells, doubled quotes, CRLF or LF), dropping a final empty line. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The bytes of a finished browser download. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

/** Chooses a file in a dialog's drop area (its hidden file input). */
export async function chooseFile(dialog: Locator, file: FilePayload) {
  await dialog.locator('input[type=file]').setInputFiles(file);
}

/** Opens the Upload CSV dialog (search screen or lists screen) and sends the file (step 1). */
export async function uploadCsvStep1(page: Page, file: FilePayload) {
  await page.getByRole('button', { name: 'Upload CSV' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload CSV' });
  await chooseFile(dialog, file);
  await dialog.getByText(/^Uploaded · /).waitFor();
  await dialog.getByRole('button', { name: 'Next' }).click();
  return dialog;
}

/** Types a list name in a list picker and waits until the dialog says what it will do. */
export async function typeListName(dialog: Locator, name: string, label = 'List') {
  await dialog.getByLabel(label, { exact: true }).fill(name);
  await dialog.getByTestId('list-choice').getByText(/^(Adds to the existing list|Creates a new list)/).waitFor();
}

/** The whole Upload CSV flow into a list by name; leaves the page wherever the app goes. */
export async function uploadCsvToList(page: Page, file: FilePayload, listName: string) {
  const dialog = await uploadCsvStep1(page, file);
  await typeListName(dialog, listName);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  return dialog;
}

export function dataTable(page: Page, name: 'Prospects' | 'Companies' | 'Lists') {
  return page.getByRole('table', { name });
}

/** The texts of one column of a DataTable (found by its header) on the page on screen. */
export async function tableColumn(page: Page, table: 'Prospects' | 'Companies' | 'Lists', header: string) {
  const headers = (await dataTable(page, table).locator('thead th').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`No column ${header} in ${headers.join(', ')}`);
  return dataTable(page, table).locator(`tbody tr td:nth-child(${index + 1})`).allInnerTexts();
}

/** The row of the lists table naming this list. */
export function listRow(page: Page, name: string) {
  return dataTable(page, 'Lists').getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** Waits for a people list's detail page to show this many rows (the import may still run). */
export async function waitForRows(page: Page, table: 'Prospects' | 'Companies', count: number) {
  const n = count.toLocaleString('en-US');
  await page.getByText(new RegExp(`^1–${n} of ${n}$`)).waitFor({ timeout: 30_000 });
  await dataTable(page, table).locator('tbody tr').nth(count - 1).waitFor();
}
