import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('configuration', () => {
  it('starts with working defaults', () => {
    const e = parseEnv({});
    expect(e.PORT).toBe(3000);
    expect(e.PUBLIC_URL).toBe('http://localhost:3000');
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.WORKER).toBe('inline');
    expect(e.DATA_DIR).toMatch(/\/data$/);
  });

  it('derives the public URL from PORT and strips a trailing slash', () => {
    expect(parseEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseEnv({ PUBLIC_URL: 'https://www.example.com/' }).PUBLIC_URL).toBe('https://www.example.com');
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/site' }],
    ['SMTP_URL', { SMTP_URL: 'localhost:25' }],
    ['SALES_EMAIL', { SALES_EMAIL: 'sales' }],
    ['WORKER', { WORKER: 'sometimes' }],
    ['SOCIAL_URL', { SOCIAL_URL: 'javascript:alert(1)' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'short' }],
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_SECRET_KEY: 'sk_live_x' }],
    ['STRIPE_API_URL', { STRIPE_API_URL: 'ftp://stripe.example' }],
  ])('refuses a bad %s and names it', (name, source) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('needs AUTH_SECRET in production on PostgreSQL', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/site' })).toThrow(/AUTH_SECRET: is required/);
    expect(parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/site', AUTH_SECRET: 'x'.repeat(32) }).AUTH_SECRET).toHaveLength(32);
  });

  it('treats empty optional variables as unset', () => {
    const e = parseEnv({ DATABASE_URL: '', SMTP_URL: ' ', SURVEY_URL_EN: '' });
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.SMTP_URL).toBeUndefined();
    expect(e.SURVEY_URL_EN).toBeUndefined();
  });
});
