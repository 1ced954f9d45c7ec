import { describe, expect, it } from 'vitest';
import { docFile, docxBomb, docxFile, encryptedDocxFile, exeFile, htmlFile, pdfFile, pdfOfSize, svgFile, zipFile } from '#tests/cv-files';
import { CV_MAX_BYTES } from '../schema';
import { inspectCv, safeFilename } from './cv-check';

describe('inspectCv', () => {
  it('accepts PDF, DOC and DOCX by their bytes', async () => {
    expect(await inspectCv(pdfFile())).toEqual({ ok: true, mime: 'application/pdf', ext: 'pdf' });
    expect(await inspectCv(docFile())).toEqual({ ok: true, mime: 'application/msword', ext: 'doc' });
    expect(await inspectCv(docxFile())).toEqual({
      ok: true,
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ext: 'docx',
    });
  });

  it('accepts exactly 5,242,880 bytes and refuses one more', async () => {
    expect((await inspectCv(pdfOfSize(CV_MAX_BYTES))).ok).toBe(true);
    expect(await inspectCv(pdfOfSize(CV_MAX_BYTES + 1))).toEqual({ ok: false, reason: 'tooLarge' });
    expect(await inspectCv(Buffer.alloc(0))).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses programs, HTML, SVG and plain zips whatever they are called', async () => {
    for (const file of [exeFile(), htmlFile(), svgFile(), zipFile([{ name: 'cv.txt', data: 'hello' }]), Buffer.from('%PD not quite')]) {
      expect(await inspectCv(file)).toMatchObject({ ok: false, reason: 'type' });
    }
  });

  it('refuses macro-enabled and encrypted Office files', async () => {
    expect(await inspectCv(docxFile({ macro: true }))).toEqual({ ok: false, reason: 'macro' });
    expect(await inspectCv(docFile({ macro: true }))).toEqual({ ok: false, reason: 'macro' });
    expect(await inspectCv(docFile({ encrypted: true }))).toEqual({ ok: false, reason: 'encrypted' });
    expect(await inspectCv(encryptedDocxFile())).toEqual({ ok: false, reason: 'encrypted' });
  });

  it('refuses a DOCX zip bomb (80 MB of zeros in a small file)', async () => {
    const bomb = docxBomb(80);
    expect(bomb.length).toBeLessThan(CV_MAX_BYTES);
    expect(await inspectCv(bomb)).toEqual({ ok: false, reason: 'bomb' });
  });
});

describe('safeFilename', () => {
  it('keeps a plain name and gives it the real extension', () => {
    expect(safeFilename('María López CV.pdf', 'pdf')).toBe('María López CV.pdf');
    expect(safeFilename('cv.exe', 'pdf')).toBe('cv.pdf');
  });

  it('drops folders, NUL, CR/LF and direction overrides', () => {
    expect(safeFilename('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(safeFilename('..\\..\\boot.ini', 'doc')).toBe('boot.doc');
    expect(safeFilename('cv\u0000.pdf', 'pdf')).toBe('cv.pdf');
    expect(safeFilename('cv\r\nBcc: x@example.com.pdf', 'pdf')).toBe('cvBcc x@example.com.pdf');
    expect(safeFilename('invoice\u202Efdp.exe', 'pdf')).toBe('invoicefdp.pdf');
  });

  it('shortens a 300-character name and never answers an empty one', () => {
    const long = safeFilename(`${'a'.repeat(300)}.docx`, 'docx');
    expect(long).toBe(`${'a'.repeat(100)}.docx`);
    expect(safeFilename('...', 'pdf')).toBe('cv.pdf');
    expect(safeFilename('', 'pdf')).toBe('cv.pdf');
  });
});
