import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const bank = { BANK_ACCOUNT_HOLDER: 'Example Training Ltd', BANK_IBAN: 'DE89 3704 0044 0532 0130 00', BANK_BIC: 'COBADEFFXXX' };

describe('configuration', () => {
  it('starts with working defaults', () => {
    const e = parseEnv({});
    expect(e.PORT).toBe(3000);
    expect(e.PUBLIC_URL).toBe('http://localhost:3000');
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.WORKER).toBe('inline');
    expect(e.DATA_DIR).toMatch(/\/data$/);
  });

  it('reads the client names and partner badges as comma-separated lists, none by default', () => {
    expect(parseEnv({}).CLIENT_NAMES).toEqual([]);
    expect(parseEnv({ CLIENT_NAMES: ' Banco Norte, Helix Retail ,, ' }).CLIENT_NAMES).toEqual(['Banco Norte', 'Helix Retail']);
    expect(parseEnv({ PARTNER_BADGES: 'Google Cloud|Partner' }).PARTNER_BADGES).toEqual(['Google Cloud|Partner']);
    expect(() => parseEnv({ CLIENT_NAMES: 'x'.repeat(81) })).toThrow(/CLIENT_NAMES/);
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
    ['COMPANY_COUNTRY', { COMPANY_COUNTRY: 'Spain' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'short' }],
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_SECRET_KEY: 'sk_live_x' }],
    ['STRIPE_API_URL', { STRIPE_API_URL: 'ftp://stripe.example' }],
  ])('refuses a bad %s and names it', (name, source) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('needs AUTH_SECRET in production on PostgreSQL', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/site' })).toThrow(/AUTH_SECRET: is required/);
    expect(
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/site', AUTH_SECRET: 'x'.repeat(32), ...bank }).AUTH_SECRET,
    ).toHaveLength(32);
  });

  it('needs a real bank account in production when courses are paid by transfer', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/site', AUTH_SECRET: 'x'.repeat(32) };
    expect(() => parseEnv(production)).toThrow(
      /BANK_ACCOUNT_HOLDER: is required with DATABASE_URL[\s\S]*BANK_IBAN: is required[\s\S]*BANK_BIC: is required/,
    );
    expect(() => parseEnv({ ...production, ...bank, BANK_IBAN: '' })).toThrow(
      /^Invalid configuration:\n  BANK_IBAN: is required with DATABASE_URL/,
    );
    expect(parseEnv({ ...production, ...bank }).BANK_IBAN).toBe(bank.BANK_IBAN);
    // The embedded demo (`npm start` on a fresh machine) starts with the example account, marked as such.
    expect(parseEnv({ NODE_ENV: 'production' })).toMatchObject({ BANK_IS_EXAMPLE: true });
    expect(parseEnv({ NODE_ENV: 'production', ...bank }).BANK_IS_EXAMPLE).toBe(false);
    // With card payments there are no transfers; elsewhere a fictional account stands in.
    expect(() => parseEnv({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).not.toThrow();
    expect(parseEnv({}).BANK_IBAN).toBe('ES91 2100 0418 4502 0005 1332');
  });

  it('holds bank transfer seats for a configurable number of days', () => {
    expect(parseEnv({}).COURSE_TRANSFER_DAYS).toBe(7);
    expect(parseEnv({ COURSE_TRANSFER_DAYS: '3' }).COURSE_TRANSFER_DAYS).toBe(3);
    expect(() => parseEnv({ COURSE_TRANSFER_DAYS: '0' })).toThrow(/COURSE_TRANSFER_DAYS/);
  });

  it('holds registration seats 14 days unless configured, 0 meaning until released by hand', () => {
    expect(parseEnv({}).COURSE_REGISTRATION_HOLD_DAYS).toBe(14);
    expect(parseEnv({ COURSE_REGISTRATION_HOLD_DAYS: '0' }).COURSE_REGISTRATION_HOLD_DAYS).toBe(0);
    expect(() => parseEnv({ COURSE_REGISTRATION_HOLD_DAYS: '-1' })).toThrow(/COURSE_REGISTRATION_HOLD_DAYS/);
  });

  it('treats empty optional variables as unset', () => {
    const e = parseEnv({ DATABASE_URL: '', SMTP_URL: ' ', SURVEY_URL_EN: '' });
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.SMTP_URL).toBeUndefined();
    expect(e.SURVEY_URL_EN).toBeUndefined();
  });
});
