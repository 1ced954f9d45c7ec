import { crc32 } from 'node:zlib';

/** The entries of a zip made of stored (uncompressed) files, read from its central directory, each CRC checked. */
export function unzipStored(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30);
    const comment = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (method !== 0) throw new Error(`${name} is compressed`);
    const dataAt = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const bytes = archive.subarray(dataAt, dataAt + size);
    if (crc32(bytes) >>> 0 !== crc >>> 0) throw new Error(`${name}: CRC mismatch`);
    files.set(name, Buffer.from(bytes));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}
