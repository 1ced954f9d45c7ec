import 'server-only';
import { inflateRaw } from 'node:zlib';
import { promisify } from 'node:util';
import CFB from 'cfb';
import { fileTypeFromBuffer } from 'file-type';
import { CV_MAX_BYTES, type CvMimeType } from '../schema';

export type CvVerdict =
  | { ok: true; mime: CvMimeType; ext: 'pdf' | 'doc' | 'docx' }
  | { ok: false; reason: 'empty' | 'tooLarge' | 'type' | 'rtf' | 'macro' | 'encrypted' | 'bomb' | 'corrupt' };

/** All entries of a DOCX together may not inflate past this (a real CV is a few MB at most). */
const MAX_UNZIPPED_BYTES = 32 * 1024 * 1024;
// On libuv's thread pool, so a large document never blocks the server while it is inflated.
const inflate = promisify(inflateRaw) as (data: Buffer, options: { maxOutputLength: number }) => Promise<Buffer>;
/** PDF features that run something or carry other files: no CV needs them. */
const PDF_ACTIVE = /\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia|XFA)\b/;
/** Relationships that make Word fetch or run something from elsewhere (links to web pages are fine). */
const DOCX_ACTIVE_RELATIONSHIP =
  /Type="[^"]*\/(attachedTemplate|oleObject|subDocument|frame|package)"[^>]*TargetMode="External"|TargetMode="External"[^>]*Type="[^"]*\/(attachedTemplate|oleObject|subDocument|frame|package)"/;
const MAX_ZIP_ENTRIES = 2000;
const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/**
 * Says whether a file is a CV we accept, from its bytes alone (the name and the declared type
 * are the visitor's word): a PDF, a Word 97-2003 document or a DOCX, without macros, without
 * encryption, and (for DOCX) not a zip bomb.
 */
export async function inspectCv(file: Buffer): Promise<CvVerdict> {
  if (file.length === 0) return { ok: false, reason: 'empty' };
  if (file.length > CV_MAX_BYTES) return { ok: false, reason: 'tooLarge' };
  const detected = await fileTypeFromBuffer(file);
  switch (detected?.ext) {
    case 'pdf':
      if (file.subarray(0, 5).toString('latin1') !== '%PDF-') return { ok: false, reason: 'type' };
      // Names may be written with #xx escapes (/J#61vaScript): read them plain first.
      if (
        PDF_ACTIVE.test(file.toString('latin1').replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
      ) {
        return { ok: false, reason: 'macro' };
      }
      return { ok: true, mime: 'application/pdf', ext: 'pdf' };
    case 'rtf':
      // Word saves RTF with a .doc name; the candidate can save it again as .docx or PDF.
      return { ok: false, reason: 'rtf' };
    case 'cfb':
      return inspectOle(file);
    case 'docx':
    case 'docm':
    case 'dotm':
    case 'zip':
      return await inspectDocx(file);
    default:
      return { ok: false, reason: 'type' };
  }
}

/** Word 97-2003: an OLE compound file with a WordDocument stream and no VBA storage. */
function inspectOle(file: Buffer): CvVerdict {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(file, { type: 'buffer' });
  } catch {
    return { ok: false, reason: 'corrupt' };
  }
  const names = container.FullPaths.map((p) => p.replace(/^Root Entry\//, ''));
  // A password-protected DOCX is an OLE file holding the encrypted package.
  if (names.some((n) => /^(EncryptionInfo|EncryptedPackage)$/.test(n))) return { ok: false, reason: 'encrypted' };
  if (names.some((n) => /(^|\/)(Macros|_VBA_PROJECT_CUR|VBA)(\/|$)/i.test(n))) return { ok: false, reason: 'macro' };
  const word = CFB.find(container, 'WordDocument');
  if (!word?.content || word.content.length < 12) return { ok: false, reason: 'type' };
  const fib = Buffer.from(word.content as Uint8Array);
  if (fib.readUInt16LE(0) !== 0xa5ec) return { ok: false, reason: 'type' };
  // FIB flags: fEncrypted is bit 8 of the word at offset 0x0A.
  if (fib.readUInt16LE(0x0a) & 0x0100) return { ok: false, reason: 'encrypted' };
  return { ok: true, mime: 'application/msword', ext: 'doc' };
}

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/** Reads the zip's central directory; null when it is not a well-formed zip. */
function zipEntries(file: Buffer): ZipEntry[] | null {
  const from = Math.max(0, file.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = file.length - 22; i >= from; i--) {
    if (file.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = file.readUInt16LE(eocd + 10);
  let at = file.readUInt32LE(eocd + 16);
  if (count > MAX_ZIP_ENTRIES) return null;
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    entries.push({
      flags: file.readUInt16LE(at + 8),
      method: file.readUInt16LE(at + 10),
      compressedSize: file.readUInt32LE(at + 20),
      localOffset: file.readUInt32LE(at + 42),
      name: file.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * A DOCX: a zip whose content types declare a Word main document and nothing macro-enabled.
 * Every entry is inflated under one shared budget, so a zip bomb is refused whatever sizes its
 * headers claim.
 */
async function inspectDocx(file: Buffer): Promise<CvVerdict> {
  const entries = zipEntries(file);
  if (!entries) return { ok: false, reason: 'corrupt' };
  let budget = MAX_UNZIPPED_BYTES;
  let contentTypes = '';
  let relationships = '';
  for (const entry of entries) {
    if (entry.flags & 0x1) return { ok: false, reason: 'encrypted' };
    if (/(^|\/)vbaProject\.bin$|(^|\/)vbaData\.xml$|^word\/activeX\/|^word\/embeddings\/.*\.bin$/i.test(entry.name))
      return { ok: false, reason: 'macro' };
    const local = entry.localOffset;
    if (local + 30 > file.length || file.readUInt32LE(local) !== 0x04034b50) return { ok: false, reason: 'corrupt' };
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const data = file.subarray(start, start + entry.compressedSize);
    let content: Buffer;
    if (entry.method === 0) content = data;
    else if (entry.method === 8) {
      if (budget <= 0) return { ok: false, reason: 'bomb' };
      try {
        content = await inflate(data, { maxOutputLength: budget });
      } catch (err) {
        return {
          ok: false,
          reason: (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError ? 'bomb' : 'corrupt',
        };
      }
    } else return { ok: false, reason: 'corrupt' };
    budget -= content.length;
    if (budget < 0) return { ok: false, reason: 'bomb' };
    if (entry.name === '[Content_Types].xml') contentTypes = content.toString('utf8');
    if (entry.name.endsWith('.rels')) relationships += content.toString('utf8');
  }
  if (/macroEnabled/i.test(contentTypes) || DOCX_ACTIVE_RELATIONSHIP.test(relationships)) return { ok: false, reason: 'macro' };
  if (!contentTypes.includes(DOCX_MAIN) || !entries.some((e) => e.name === 'word/document.xml')) return { ok: false, reason: 'type' };
  return { ok: true, mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' };
}

const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * The name a recruiter sees for the file: no folders, control or direction-override characters,
 * at most 100 characters, ending in the extension of what the file really is.
 */
export function safeFilename(original: string, ext: string): string {
  const last = original.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const base = last
    .replace(INVISIBLE, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return `${Array.from(base).slice(0, 100).join('').trim() || 'cv'}.${ext}`;
}
