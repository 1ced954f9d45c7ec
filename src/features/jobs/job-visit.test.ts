import { afterEach, describe, expect, it } from 'vitest';
import { countVisit, isCountable, JOB_COUNTER, jobEventOf, nodeHeaders, type JobCounterHook } from './job-visit';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('job visits', () => {
  it('finds the job of a job page and of its application page, in every locale', () => {
    expect(jobEventOf('/jobs/all/specs/abc123')).toEqual({ jobId: 'abc123', event: 'view' });
    expect(jobEventOf('/sp/jobs/frontendjobs/specs/abc123')).toEqual({ jobId: 'abc123', event: 'view' });
    expect(jobEventOf('/de/jobs/all/apply/abc-1_2')).toEqual({ jobId: 'abc-1_2', event: 'apply' });
    for (const other of ['/jobs/all', '/jobs/mining/specs/abc', '/jobs/all/specs/a.b', '/jobs/all/specs/abc/x', '/careers/abc'])
      expect(jobEventOf(other), other).toBeNull();
  });

  it('counts people, not bots or prefetches', () => {
    const headers = (h: Record<string, string>) => new Headers({ 'user-agent': BROWSER, ...h });
    expect(isCountable(headers({}))).toBe(true);
    expect(isCountable(headers({ 'user-agent': BROWSER.replace('Chrome', 'HeadlessChrome') }))).toBe(true);
    expect(isCountable(new Headers())).toBe(false);
    for (const agent of [
      'Googlebot/2.1',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'facebookexternalhit/1.1',
      'Slackbot-LinkExpanding',
      'Yahoo! Slurp',
    ])
      expect(isCountable(headers({ 'user-agent': agent })), agent).toBe(false);
    expect(isCountable(headers({ 'next-router-prefetch': '1' }))).toBe(false);
    expect(isCountable(headers({ 'x-site-prefetch': '1' }))).toBe(false);
    expect(isCountable(headers({ purpose: 'prefetch' }))).toBe(false);
    expect(isCountable(headers({ 'sec-purpose': 'prefetch;prerender' }))).toBe(false);
  });

  describe('counted from the headers Node parsed (a page answered before Next)', () => {
    const counted: [string, string][] = [];
    const hooks = globalThis as Record<symbol, JobCounterHook | undefined>;
    const previous = hooks[JOB_COUNTER];
    afterEach(() => {
      hooks[JOB_COUNTER] = previous;
      counted.length = 0;
    });

    it('as the proxy counts them', () => {
      hooks[JOB_COUNTER] = (jobId, event) => counted.push([jobId, event]);
      countVisit('/fr/jobs/all/apply/abc', nodeHeaders({ 'user-agent': BROWSER }));
      countVisit('/jobs/all/specs/abc', nodeHeaders({ 'user-agent': 'Googlebot/2.1' }));
      countVisit('/jobs/all/specs/abc', nodeHeaders({ 'user-agent': BROWSER, 'x-site-prefetch': '1' }));
      countVisit('/jobs/all/specs/abc', nodeHeaders({ 'user-agent': BROWSER, 'sec-purpose': 'prefetch' }));
      countVisit('/jobs/all', nodeHeaders({ 'user-agent': BROWSER }));
      countVisit('/jobs/all/specs/abc', nodeHeaders({ 'user-agent': BROWSER }));
      expect(counted).toEqual([
        ['abc', 'apply'],
        ['abc', 'view'],
      ]);
    });
  });
});
