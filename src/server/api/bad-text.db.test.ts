import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiDatabase } from '#tests/api-db';

// Text a probe sends and PostgreSQL or a reader of the data cannot take: refused as a validation
// error (422) before anything is stored or counted, never a 500.

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
});
afterAll(() => ctx?.cleanup());

let ipCounter = 0;
/** A raw JSON body, as curl sends it: JSON.stringify would escape nothing the probe escapes. */
const post = (path: string, raw: string, ip = `198.51.100.${++ipCounter}`) =>
  ctx.api.request(path, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-site-socket-ip': ip } });
const traps = '{"website":"","elapsedMs":5000}';
const feedback = (comments: string, page = '/contact') =>
  `{"type":"feedback","form":{"comments":"${comments}"},"context":{"locale":"en","page":"${page}"},"traps":${traps}}`;
const signUp = (email: string, name = 'Ada Lovelace') =>
  `{"name":"${name}","email":"${email}","password":"secret-42","locale":"en","traps":${traps}}`;
const subscribe = (email: string, q: string) => `{"email":"${email}","search":{"dashboard":"all","queryText":"${q}","filters":{}}}`;
/** Rows of every table these three requests write to. */
const stored = () =>
  count(
    `select ((select count(*) from leads) + (select count(*) from account_signup) + (select count(*) from alert_subscriptions))::int as n`,
  );
const count = async (sql: string, params: unknown[] = []) => ((await ctx.database.query(sql, params)).rows[0] as { n: number }).n;

describe('text that cannot be stored', () => {
  it.each([
    ['a lone high surrogate in a message', '/rest/form', feedback('\\ud800')],
    ['a lone low surrogate in a message', '/rest/form', feedback('ok \\udfff')],
    ["a lone surrogate in the page's context", '/rest/form', feedback('Fine text', '/\\ud83d')],
    [
      'a lone surrogate in a key',
      '/rest/form',
      `{"type":"feedback","form":{"comments":"x"},"context":{"locale":"en","\\ud800":1},"traps":${traps}}`,
    ],
    ['U+0000 in a message', '/rest/form', feedback('a\\u0000b')],
    ['a lone surrogate in a sign-up name', '/rest/unconfirmeduser', signUp('surrogate@example.com', '\\udc00')],
    ['a lone surrogate in an alert search', '/rest/newsletter/subscribe', subscribe('alert@example.com', '\\ud800')],
  ])('refuses %s with 422 invalidCharacters', async (_, path, body) => {
    const before = await stored();
    const res = await post(path, body);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: [{ message: 'invalidCharacters' }] });
    expect(await stored()).toBe(before);
  });

  it('keeps a well-formed pair (an emoji written as escapes) as it is', async () => {
    const res = await post('/rest/form', feedback('Great site \\ud83d\\ude00'));
    expect(res.status).toBe(200);
    expect(await count(`select count(*)::int as n from leads where form->>'comments' = $1`, ['Great site 😀'])).toBe(1);
  });

  it('counts no rate limit for a refused body: the address can still sign up after many', async () => {
    const email = 'locked-out@example.com';
    for (let i = 0; i < 5; i++) expect((await post('/rest/unconfirmeduser', signUp(email, '\\ud800'), '203.0.113.7')).status).toBe(422);
    expect((await post('/rest/unconfirmeduser', signUp(email), '203.0.113.7')).status).toBe(200);
  });
});

describe('single-line fields', () => {
  const contact = (fields: Record<string, string>) =>
    JSON.stringify({
      type: 'contact',
      form: {
        kind: 'message',
        name: 'Camille Martin',
        email: 'camille@example.com',
        phone: '+33 6 12 34 56 78',
        company: 'Exemple SA',
        jobtitle: 'CTO',
        info: 'Line one\nLine two',
        ...fields,
      },
      context: { locale: 'fr' },
      traps: { website: '', elapsedMs: 5000 },
    });

  it.each([
    ['an ANSI escape in a name', { name: '\u001b[31mMallory' }, 'form.name'],
    ['a bidi override in a company', { company: 'Evil\u202egpj.exe' }, 'form.company'],
    ['a zero-width space in a job title', { jobtitle: 'C\u200bTO' }, 'form.jobtitle'],
    ['a bell in a message', { info: 'Hello\u0007' }, 'form.info'],
  ])('refuses %s, naming the field', async (_, fields, path) => {
    const res = await post('/rest/form', contact(fields));
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toContainEqual(expect.objectContaining({ path, message: 'invalidCharacters' }));
  });

  it('takes line breaks in a message and joiners in a name (Persian, emoji)', async () => {
    const res = await post('/rest/form', contact({ name: 'Mehr\u200cnaz 👩\u200d💻' }));
    expect(res.status).toBe(200);
  });
});
