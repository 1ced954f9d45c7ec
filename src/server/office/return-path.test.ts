import { describe, expect, it } from 'vitest';
import { officeReturnPath } from './return-path';

describe('the page a member returns to after signing in', () => {
  it.each([
    ['/office/leads/3f9c-a1', '/office/leads/3f9c-a1'],
    ['/office/applicants?status=new&q=ana%40example.com', '/office/applicants?status=new&q=ana%40example.com'],
    ['/office', '/office'],
  ])('is the office page they opened: %s', (next, to) => expect(officeReturnPath(next)).toBe(to));

  it.each([
    'https://evil.example/office',
    '//evil.example/office',
    '/\\evil.example',
    '/office/..//evil.example',
    '/office/%2F%2Fevil.example',
    '/office%2F..%2F..%2Fjobs',
    '/%2Fevil.example',
    '/jobs/all',
    '/officex',
    'javascript:alert(1)',
    '',
    null,
  ])('is the dashboard for anything else: %s', (next) => expect(officeReturnPath(next)).toBe('/office'));
});
