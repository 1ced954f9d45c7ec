// `npm run bench:office [count]`: the staff office's sales inbox on 100,000 leads. Server-side
// timings of the inbox list (first page, a deep page, each kind of filter, search), the lead page
// (the lead, its notes, mails and CRM deliveries, and the person's other records) and the CSV
// export, on PGlite and on a fresh PostgreSQL database. Prints p50/p95/max per case.
import '@/features';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inboxExport, inboxPage, viewLead, type InboxFilter } from '@/features/forms/server/inbox';
import { SALES_KINDS } from '@/features/forms/server/inbox-schema';
import { LEAD_STATUSES } from '@/features/forms/server/lead-statuses';
import { leadsToCsv } from '@/features/forms/server/leads-csv';
import { LEAD_WEBHOOK_QUEUE, webhookKey } from '@/features/forms/server/leads-webhook';
import { leadNotes, leads } from '@/features/forms/server/leads-table';
import { migrateDatabase, openDatabase, type Database } from '@/server/db/client';
import { mailDeliveries } from '@/server/mail/mail-table';
import { Queue } from '@/server/queue/queue';

const LEADS = Number(process.argv[2] ?? 100_000);
const RUNS = 200;
const EXPORT_RUNS = 30;
const PG_ADMIN = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);

/** A seeded generator (mulberry32): the same leads on both databases and in every run. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]) => list[int(list.length)]!;
  /** One of `weights`' keys, as often as its weight. */
  const weighted = <K extends string>(weights: Record<K, number>): K => {
    const total = Object.values<number>(weights).reduce((s, w) => s + w, 0);
    let r = next() * total;
    for (const [k, w] of Object.entries<number>(weights)) if ((r -= w) < 0) return k as K;
    return Object.keys(weights)[0] as K;
  };
  return { next, int, pick, weighted };
}

const KINDS = {
  contact: 28,
  callback: 10,
  demo: 12,
  feedback: 5,
  quote: 10,
  trial: 10,
  course_application: 8,
  job_application: 12,
  cv: 5,
} satisfies Record<(typeof SALES_KINDS)[number] | 'job_application' | 'cv', number>;
const LOCALES = { en: 40, es: 20, fr: 15, de: 15, it: 10 };
const SOURCES = ['google', 'linkedin', 'newsletter', 'facebook', 'partner'];
const CAMPAIGNS = ['spring', 'autumn', 'launch', 'webinar', 'retargeting'];
const STATUS_WEIGHTS = { new: 35, contacted: 25, qualified: 15, won: 10, lost: 15 } satisfies Record<
  (typeof LEAD_STATUSES)[number],
  number
>;
const STAFF = ['staff-ana', 'staff-ben', 'staff-chloe', 'staff-david', 'staff-elena', 'staff-farid'];
// prettier-ignore
const FIRST = [
  'Ana', 'Ben', 'Camille', 'David', 'Elena', 'Farid', 'Greta', 'Hugo', 'Irene', 'Jonas', 'Katrin', 'Luca', 'Marta', 'Nils', 'Olga', 'Pablo',
  'Quentin', 'Rosa', 'Sven', 'Tomás', 'Ute', 'Victor', 'Wanda', 'Xavier', 'Yara', 'Zoé', 'Alice', 'Bruno', 'Clara', 'Diego', 'Emma', 'Felix',
  'Giulia', 'Hannah', 'Iker', 'Julie', 'Klaus', 'Lucía', 'Matteo', 'Nora',
];
// prettier-ignore
const LAST = [
  'García', 'Martin', 'Müller', 'Rossi', 'Smith', 'López', 'Bernard', 'Schmidt', 'Bianchi', 'Jones', 'Sánchez', 'Dubois', 'Schneider',
  'Romano', 'Taylor', 'Pérez', 'Moreau', 'Fischer', 'Colombo', 'Brown', 'Gómez', 'Laurent', 'Weber', 'Ricci', 'Wilson', 'Díaz', 'Simon',
  'Meyer', 'Marino', 'Evans', 'Ruiz', 'Michel', 'Wagner', 'Greco', 'Thomas', 'Moreno', 'Lefebvre', 'Becker', 'Bruno', 'Walker',
];
// prettier-ignore
const COMPANY_A = [
  'Acme', 'Nordwind', 'Iberia', 'Lumen', 'Vertex', 'Helios', 'Quanta', 'Atlas', 'Boreal', 'Cobalt', 'Delta', 'Ember', 'Fjord', 'Granite',
  'Harbor', 'Indigo', 'Juniper', 'Kestrel', 'Lattice', 'Meridian', 'Nimbus', 'Orbit', 'Pioneer', 'Quarry', 'Riviera', 'Summit', 'Tundra',
  'Umbra', 'Vela', 'Willow',
];
const COMPANY_B = ['Systems', 'Logistics', 'Labs', 'Retail', 'Consulting', 'Software', 'Energy', 'Health', 'Media', 'Foods'];
const COMPANY_C = ['Ltd', 'SL', 'SA', 'GmbH', 'SRL', 'Inc', 'SAS', 'AG'];
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.es', 'web.de', 'orange.fr', 'libero.it', 'proton.me'];
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

type LeadRow = typeof leads.$inferInsert;

/**
 * `count` leads over the year before NOW: about 70,000 people (so some wrote more than once),
 * half of them with a company, 60% arriving with utm tags, statuses and assignees as sales left
 * them, 1% in the spam folder.
 */
function makeLeads(count: number): LeadRow[] {
  const r = generator(7);
  const people = Array.from({ length: Math.ceil(count * 0.7) }, (_, i) => {
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    const company = r.next() < 0.5 ? `${r.pick(COMPANY_A)} ${r.pick(COMPANY_B)} ${r.pick(COMPANY_C)}` : '';
    const domain = company ? `${ascii(company.split(' ')[0]!)}${ascii(company.split(' ')[1]!)}.com` : r.pick(DOMAINS);
    const email = r.next() < 0.95 ? `${ascii(first)}.${ascii(last)}${i % 1000}@${domain}` : null;
    return { name: `${first} ${last}`, company, email, phone: `+34 6${String(r.int(1e8)).padStart(8, '0')}` };
  });
  const rows = Array.from({ length: count }, (): LeadRow => {
    const person = r.pick(people);
    const type = r.weighted(KINDS);
    const locale = r.weighted(LOCALES);
    const createdAt = new Date(NOW - r.int(365 * DAY));
    const status = r.weighted(STATUS_WEIGHTS);
    const tagged = r.next() < 0.6;
    const form: Record<string, unknown> = { name: person.name, email: person.email ?? '', phone: person.phone };
    if (person.company) Object.assign(form, { company: person.company, jobtitle: r.pick(['CTO', 'CEO', 'Head of IT', 'Product lead']) });
    if (type === 'quote')
      Object.assign(form, { need: 'web_app', timeline: '3_months', budget: '20k_50k', details: 'A portal for our customers.' });
    else if (type === 'job_application' || type === 'cv') Object.assign(form, { position: 'react-dev', fileId: `file-${r.int(1e9)}` });
    else form.info = 'We would like to talk about a mobile app for our field staff.';
    return {
      id: Array.from({ length: 12 }, () => ID_CHARS[r.int(64)]).join(''),
      type,
      locale,
      email: person.email,
      form,
      page: `/${locale}/${type === 'cv' || type === 'job_application' ? 'careers' : 'contact'}`,
      referrer: tagged ? 'https://www.google.com/' : '',
      utm: (tagged ? { source: r.pick(SOURCES), medium: 'cpc', campaign: r.pick(CAMPAIGNS) } : {}) as Record<string, string>,
      consent: type === 'feedback' ? null : { notice: 'Forms.consent', locale, sha256: '0123456789abcdef', at: createdAt.toISOString() },
      createdAt,
      spam: r.next() < 0.01 ? 'too_fast' : null,
      status,
      lostReason: status === 'lost' ? 'Chose another supplier.' : null,
      assigneeId: status === 'new' && r.next() < 0.6 ? null : r.next() < 0.1 ? null : r.pick(STAFF),
    };
  });
  // Stored in the order they came, as on a live site (the table's pages follow the time).
  return rows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
}

/**
 * The leads, then what the site keeps about them: a notification mail per lead and an
 * acknowledgement per lead with an address (mail_deliveries keeps every mail sent), notes on one
 * lead in ten, and the CRM deliveries of the last two weeks in pg-boss's job table.
 */
async function fill(database: Database, rows: LeadRow[]) {
  const started = performance.now();
  const r = generator(11);
  for (let i = 0; i < rows.length; i += 1000) await database.db.insert(leads).values(rows.slice(i, i + 1000));
  const mails = rows.flatMap((l) => [
    {
      key: `lead-notification:${l.id}`,
      recipient: 'sales@example.com',
      subject: `New ${l.type}`,
      messageId: `<n-${l.id}@bench>`,
      sentAt: l.createdAt,
    },
    ...(l.email
      ? [
          {
            key: `lead-acknowledgement:${l.id}`,
            recipient: l.email,
            subject: 'Thank you',
            messageId: `<a-${l.id}@bench>`,
            sentAt: l.createdAt,
          },
        ]
      : []),
  ]);
  for (let i = 0; i < mails.length; i += 2000) await database.db.insert(mailDeliveries).values(mails.slice(i, i + 2000));
  const notes = rows
    .filter(() => r.next() < 0.1)
    .flatMap((l, n) =>
      Array.from({ length: 1 + r.int(3) }, (_, k) => ({
        id: `note-${n}-${k}`,
        leadId: l.id!,
        authorId: r.pick(STAFF),
        body: 'Called back; sending a proposal next week.',
        createdAt: new Date(l.createdAt!.getTime() + (k + 1) * DAY),
      })),
    );
  for (let i = 0; i < notes.length; i += 2000) await database.db.insert(leadNotes).values(notes.slice(i, i + 2000));
  // pg-boss's tables, and the CRM deliveries still in them (completed, kept two weeks).
  const queue = new Queue(database, { work: false }, [{ name: LEAD_WEBHOOK_QUEUE, options: {}, work: async () => {} }]);
  await queue.start();
  await queue.stop();
  const recent = rows.filter((l) => !l.spam && l.createdAt!.getTime() > NOW - 14 * DAY);
  for (let i = 0; i < recent.length; i += 1000) {
    const values = recent
      .slice(i, i + 1000)
      .map(
        (l) =>
          sql`(${LEAD_WEBHOOK_QUEUE}, ${webhookKey(l.id!)}, 'completed', ${l.createdAt!.toISOString()}::timestamptz, ${l.createdAt!.toISOString()}::timestamptz)`,
      );
    await database.db.execute(
      sql`insert into pgboss.job (name, singleton_key, state, created_on, completed_on) values ${sql.join(values, sql`, `)}`,
    );
  }
  await database.exec('vacuum analyze');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return { seconds, mails: mails.length, notes: notes.length, webhooks: recent.length };
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  return { p50: at(50).toFixed(1), p95: at(95).toFixed(1), max: s.at(-1)!.toFixed(1) };
}

/** `runs` timings of `fn(i)`, after a few to warm up. */
async function time(fn: (i: number) => Promise<unknown>, runs = RUNS): Promise<number[]> {
  for (let i = 0; i < 5; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The inbox's views timed: each is the API's page of 50, newest first. */
const views: Record<string, InboxFilter> = {
  'first page, no filter': {},
  'kind (demo)': { kind: 'demo' },
  'status + assignee (won, staff-chloe)': { status: 'won', assignee: 'staff-chloe' },
  'status + unassigned (new)': { status: 'new', assignee: 'none' },
  'locale + source (de, newsletter)': { locale: 'de', source: 'newsletter' },
  'period (March 2026)': { from: day('2026-03-01'), to: day('2026-04-01') },
  'search company (“nordwind”)': { q: 'nordwind' },
  'search email (“greta.weber1”)': { q: 'greta.weber1' },
  'search, no match (“zzzz”)': { q: 'zzzz' },
};

async function measure(name: string, database: Database, rows: LeadRow[]) {
  const filled = await fill(database, rows);
  console.log(
    `\n${name}: ${LEADS.toLocaleString('en')} leads, ${filled.mails.toLocaleString('en')} mails, ${filled.notes.toLocaleString('en')} notes, ` +
      `${filled.webhooks.toLocaleString('en')} CRM jobs loaded in ${filled.seconds} s (server-side, ms over ${RUNS} runs)`,
  );
  const table: Record<string, Record<string, string | number>> = {};
  const add = (label: string, samples: number[], extra: Record<string, string | number> = {}) =>
    (table[label] = { ...stats(samples), runs: samples.length, ...extra });

  for (const [label, filter] of Object.entries(views)) {
    const page = await inboxPage(database.db, filter);
    add(`list · ${label}`, await time(() => inboxPage(database.db, filter)), { rows: page.rows.length });
  }
  // A deep page: walk 100 pages of 50 once, then time the page after that cursor.
  let after: string | undefined;
  for (let p = 0; p < 100; p++) {
    const { next } = await inboxPage(database.db, {}, after);
    if (!next) break;
    after = next;
  }
  if (after) add('list · page 101 (after 5,000 rows)', await time(() => inboxPage(database.db, {}, after)), { rows: 50 });

  // The lead page, as GET /office/leads/{id} builds it, for leads picked at random.
  const r = generator(3);
  const sales = rows.filter((l) => !l.spam && (SALES_KINDS as readonly string[]).includes(l.type));
  const ids = Array.from({ length: RUNS + 5 }, () => r.pick(sales).id!);
  add(
    'lead page (the lead, its audit row, the person’s records)',
    await time(async (i) => {
      if (!(await viewLead(database.db, ids[i]!, { actor: 'bench', ip: '127.0.0.1', role: 'admin' })))
        throw new Error(`lead ${ids[i]} not found`);
    }),
  );

  // The CSV export of a filtered view of about a thousand leads.
  const exported: InboxFilter = { kind: 'demo', locale: 'de', from: day('2025-09-01') };
  const count = (await inboxExport(database.db, exported)).length;
  add('CSV export (demo, de, since Sept 2025)', await time(async () => leadsToCsv(await inboxExport(database.db, exported)), EXPORT_RUNS), {
    rows: count,
  });
  console.table(table);
}

async function main() {
  const rows = makeLeads(LEADS);
  const lite = await openDatabase({ pgliteDir: process.env.BENCH_PGLITE_DIR || 'memory://' });
  await migrateDatabase(lite);
  await measure('PGlite (embedded)', lite, rows);
  await lite.close();

  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  const name = `site_bench_office_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString(), pgliteDir: '' });
    await migrateDatabase(database);
    await measure('PostgreSQL', database, rows);
    await database.close();
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
