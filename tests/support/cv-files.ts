import { crc32, deflateRawSync } from 'node:zlib';
import CFB from 'cfb';

// Real files of each kind a candidate might send, built byte by byte, and hostile ones.

/** A one-page PDF that viewers open. */
export function pdfFile(text = 'Curriculum vitae'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A zip archive; `flags` 1 marks entries as encrypted. */
export function zipFile(entries: { name: string; data: Buffer | string; store?: boolean }[], flags = 0): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data);
    const body = entry.store ? data : deflateRawSync(data, { level: 9 });
    const name = Buffer.from(entry.name, 'utf8');
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(flags, 6);
    head.writeUInt16LE(entry.store ? 0 : 8, 8);
    head.writeUInt32LE(crc32(data), 14);
    head.writeUInt32LE(body.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(name.length, 26);
    locals.push(head, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(entry.store ? 0 : 8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const DOCM_TYPE = 'application/vnd.ms-word.document.macroEnabled.main+xml';

/** A Word document (DOCX) with one paragraph; `macro` makes it a macro-enabled one. */
export function docxFile({
  text = 'Curriculum vitae',
  macro = false,
  extra = [] as { name: string; data: Buffer | string }[],
} = {}): Buffer {
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    (macro ? '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>' : '') +
    `<Override PartName="/word/document.xml" ContentType="${macro ? DOCM_TYPE : DOCX_TYPE}"/></Types>`;
  const rels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    `<w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`;
  return zipFile([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: '_rels/.rels', data: rels },
    { name: 'word/document.xml', data: document },
    ...(macro ? [{ name: 'word/vbaProject.bin', data: Buffer.alloc(512, 1) }] : []),
    ...extra,
  ]);
}

/** A DOCX with a part that inflates to `megabytes` MB of zeros (a zip bomb past the 32 MB the check inflates). */
export function docxBomb(megabytes = 80): Buffer {
  return docxFile({ extra: [{ name: 'word/media/image1.png', data: Buffer.alloc(megabytes * 1024 * 1024) }] });
}

/** A Word 97-2003 document: an OLE file with a WordDocument stream. */
export function docFile({ encrypted = false, macro = false } = {}): Buffer {
  const cfb = CFB.utils.cfb_new();
  const fib = Buffer.alloc(4096);
  fib.writeUInt16LE(0xa5ec, 0);
  fib.writeUInt16LE(0x00c1, 2);
  fib.writeUInt16LE(encrypted ? 0x0100 : 0, 0x0a);
  CFB.utils.cfb_add(cfb, 'WordDocument', fib);
  CFB.utils.cfb_add(cfb, '1Table', Buffer.alloc(4096));
  if (macro) CFB.utils.cfb_add(cfb, 'Macros/VBA/dir', Buffer.alloc(64, 2));
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

/** What Word saves for a DOCX with a password: an OLE file holding the encrypted package. */
export function encryptedDocxFile(): Buffer {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, 'EncryptionInfo', Buffer.alloc(512, 4));
  CFB.utils.cfb_add(cfb, 'EncryptedPackage', Buffer.alloc(8192, 5));
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

/** A Windows program. */
export function exeFile(): Buffer {
  const file = Buffer.alloc(1024);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.write('PE\0\0', 0x80, 'latin1');
  return file;
}

export const htmlFile = () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const svgFile = () =>
  Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

/** A file of exactly `size` bytes that is a valid PDF (padded with a comment). */
export function pdfOfSize(size: number): Buffer {
  const pdf = pdfFile();
  const padding = size - pdf.length;
  if (padding < 0) throw new Error('too small');
  // Bytes after %%EOF are ignored by readers.
  return Buffer.concat([pdf, Buffer.alloc(padding, 0x20)]);
}
