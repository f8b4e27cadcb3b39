import { AppError, FILE_LIMITS, FILE_MESSAGES } from '@leadline/shared';
import yauzl from 'yauzl';

/**
 * Limits for an .xlsx (a zip) checked on its central directory before anything is unpacked.
 * A real workbook of the largest upload (1 GiB) has a few dozen entries, unpacks to a few GiB
 * and its sheet XML compresses 5-50x; deflate's ceiling is about 1032x, which bombs approach.
 * The ratio is checked for each entry and for the whole zip, so a bomb cut into many entries
 * that each stay under `ratioCheckFromBytes` is refused too.
 */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxTotalUncompressedBytes: FILE_LIMITS.maxUnpackedBytes,
  /** Uncompressed / compressed, checked only for entries (and zips) at least `ratioCheckFromBytes` big. */
  maxCompressionRatio: FILE_LIMITS.maxCompressionRatio,
  ratioCheckFromBytes: 10 * 1024 ** 2,
};
export type ZipLimits = typeof ZIP_LIMITS;

/** An open, checked zip: its entries by name. Close it when done. */
export type CheckedZip = { zip: yauzl.ZipFile; entries: Map<string, yauzl.Entry>; totalUncompressedBytes: number };

/**
 * Opens a zip and refuses it (AppError 400) when it is not a zip, or when its central directory
 * declares too many entries, too much unpacked data or an absurd compression ratio. Nothing is
 * inflated here. Entries read later through yauzl are checked against their declared sizes
 * (`validateEntrySizes`), so a directory that lies about them fails on reading instead.
 */
export async function openCheckedZip(path: string, limits: ZipLimits = ZIP_LIMITS): Promise<CheckedZip> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true }, (error, zipfile) =>
      error ? reject(new AppError('VALIDATION_FAILED', FILE_MESSAGES.notXlsx, { cause: error })) : resolve(zipfile),
    ),
  );
  const refuse = (reason: string) => {
    zip.close();
    return new AppError('VALIDATION_FAILED', FILE_MESSAGES.zipBomb, { cause: new Error(reason) });
  };
  if (zip.entryCount > limits.maxEntries) throw refuse(`${zip.entryCount} entries`);

  return new Promise<CheckedZip>((resolve, reject) => {
    let total = 0;
    let packed = 0;
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      total += entry.uncompressedSize;
      packed += entry.compressedSize;
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (total > limits.maxTotalUncompressedBytes) return reject(refuse(`${total} bytes unpacked`));
      if (entry.uncompressedSize >= limits.ratioCheckFromBytes && ratio > limits.maxCompressionRatio) {
        return reject(refuse(`${entry.fileName} compressed ${Math.round(ratio)}x`));
      }
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => {
      const ratio = total / Math.max(1, packed);
      if (total >= limits.ratioCheckFromBytes && ratio > limits.maxCompressionRatio) return reject(refuse(`${entries.size} entries compressed ${Math.round(ratio)}x`));
      resolve({ zip, entries, totalUncompressedBytes: total });
    });
    zip.on('error', (error: Error) => {
      zip.close();
      reject(new AppError('VALIDATION_FAILED', FILE_MESSAGES.notXlsx, { cause: error }));
    });
    zip.readEntry();
  });
}

/** The zip check alone: entry count and declared unpacked size of a safe zip. */
export async function assertSafeZip(path: string, limits: ZipLimits = ZIP_LIMITS): Promise<{ entryCount: number; totalUncompressedBytes: number }> {
  const { zip, entries, totalUncompressedBytes } = await openCheckedZip(path, limits);
  zip.close();
  return { entryCount: entries.size, totalUncompressedBytes };
}
