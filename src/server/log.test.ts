import { describe, expect, it } from 'vitest';
import { safeError } from './log';

// What an error may bring into the logs: its kind and reasons, never the data it was about.

/** As Drizzle words a failed query: the statement, then its parameters. */
function failedQuery(params: string[]) {
  const err = new Error(`Failed query: insert into "leads" ("name", "form") values ($1, $2)\nparams: ${params.join(',')}`, {
    cause: Object.assign(new Error('new row for relation "leads" violates check constraint "x"'), { code: '23514', detail: params[0] }),
  });
  return Object.assign(err, { query: 'insert into "leads" ("name", "form") values ($1, $2)', params });
}

describe('safeError', () => {
  it('keeps the query and the reason, never the parameters, even when they look like stack frames', () => {
    const params = ['Ana Smith', 'Hi\n    at home, call Ana Smith +34 600 111 222, ana@example.com'];
    const text = JSON.stringify(safeError(failedQuery(params)));
    expect(text).toContain('insert into \\"leads\\"');
    expect(text).toContain('23514');
    expect(text).toContain('at failedQuery');
    for (const secret of ['Ana Smith', '600 111 222', 'ana@example.com', 'at home']) expect(text).not.toContain(secret);
  });

  it('hides addresses and the values PostgreSQL quotes', () => {
    const smtp = new Error("Can't send mail - all recipients were rejected: 550 <zoe@example.com>: Recipient address rejected");
    expect(JSON.stringify(safeError(smtp))).not.toContain('zoe@example.com');
    const pg = Object.assign(new Error('invalid input syntax for type uuid: "zoe-private-token"'), { code: '22P02' });
    expect(JSON.stringify(safeError(pg))).not.toContain('zoe-private-token');
    expect(safeError(pg)).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "…"' });
  });

  it('says only the kind of a thrown value that is not an error', () => {
    expect(safeError({ email: 'ana@example.com' })).toEqual({ type: 'object' });
    expect(safeError('connect ECONNREFUSED to ana@example.com')).toBe('connect ECONNREFUSED to [address]');
  });
});
