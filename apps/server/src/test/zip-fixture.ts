import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * The one zip writer of the tests and benches (deflate, no zip64), enough to build hostile
 * archives: a highly compressible entry, thousands of entries, or a central directory that
 * declares sizes the data does not have. Entries are written one after the other, each as
 * raw-deflate blocks flushed per chunk with its sizes in a data descriptor, so a large file
 * (bench/hostile-uploads.ts) never sits in memory.
 */

/** One entry: its bytes (or a stream of chunks), and optionally a size to declare instead of the real one. */
export type ZipEntry = { name: string; data: Buffer | Iterable<Buffer>; declaredSize?: number };

/** `level`: deflate's, 1 (fast) to 9 (smallest). */
type ZipOptions = { level?: number };

function encodeZip(entries: ZipEntry[], write: (bytes: Buffer) => void, { level = 9 }: ZipOptions): void {
  let offset = 0;
  const put = (bytes: Buffer) => {
    write(bytes);
    offset += bytes.length;
  };
  const central: Buffer[] = [];
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const start = offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6); // sizes in a data descriptor, UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(name.length, 26);
    put(local);
    put(name);
    let crc = 0;
    let size = 0;
    let compressed = 0;
    for (const chunk of Buffer.isBuffer(entry.data) ? [entry.data] : entry.data) {
      const packed = zlib.deflateRawSync(chunk, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH });
      crc = zlib.crc32(chunk, crc);
      size += chunk.length;
      compressed += packed.length;
      put(packed);
    }
    const final = zlib.deflateRawSync(Buffer.alloc(0));
    compressed += final.length;
    put(final);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size % 2 ** 32, 12);
    put(descriptor);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0808, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(compressed, 20);
    header.writeUInt32LE(entry.declaredSize ?? size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(start, 42);
    central.push(header, name);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  write(directory);
  write(end);
}

/** The zip as bytes in memory, for small fixtures. */
export function writeZip(entries: ZipEntry[], options: ZipOptions = {}): Buffer {
  const parts: Buffer[] = [];
  encodeZip(entries, (bytes) => parts.push(bytes), options);
  return Buffer.concat(parts);
}

/** The zip streamed to a file, entry by entry and chunk by chunk. */
export function writeZipFile(filePath: string, entries: ZipEntry[], options: ZipOptions = {}): void {
  const fd = fs.openSync(filePath, 'w');
  try {
    encodeZip(entries, (bytes) => fs.writeSync(fd, bytes), options);
  } finally {
    fs.closeSync(fd);
  }
}
