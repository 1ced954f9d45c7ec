import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { captureLogs } from '#tests/capture-logs';

// Logs hold ids, kinds and reasons: whoever reads them must not learn who wrote to us, or what.

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
});
afterAll(() => ctx?.cleanup());

describe('error logs', () => {
  it('name the failed query and its reason, never the personal data it carried', async () => {
    const person = {
      name: 'Zoe Quintana-Privat',
      email: 'zoe.private@example.com',
      phone: '+34 611 22 33 44',
      company: 'Secret Holdings',
      jobtitle: 'Chief Confidential Officer',
      info: 'My very personal message about a project',
    };
    // A constraint no row meets: the insert of the lead fails in the database, as a full disk or a bad deploy would make it.
    await ctx.database.exec(`alter table leads add constraint refuse_all check (false) not valid`);
    const logs = captureLogs();
    try {
      const res = await ctx.api.request('/rest/form', {
        ...postJson({
          type: 'contact',
          form: { kind: 'message', ...person },
          context: { locale: 'en' },
          traps: { website: '', elapsedMs: 5000 },
        }),
        headers: { 'content-type': 'application/json', 'x-site-socket-ip': '192.0.2.50' },
      });
      expect(res.status).toBe(500);
      const [failed] = logs.find('request failed');
      expect(failed).toMatchObject({ level: 50, path: '/rest/form' });
      expect(failed!.err).toMatchObject({
        query: expect.stringContaining('insert into "leads"'),
        cause: { code: '23514', constraint: 'refuse_all' },
      });
      for (const value of Object.values(person)) expect(logs.lines.join('\n')).not.toContain(value);
    } finally {
      logs.restore();
      await ctx.database.exec(`alter table leads drop constraint refuse_all`);
    }
  });
});
