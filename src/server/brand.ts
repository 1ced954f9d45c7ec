import { env } from './env';

/**
 * The company's postal address in a visitor's language: the street part as configured, the
 * country named in that language ("Spain", "España", "Spanien"…) from its ISO code.
 */
export function companyAddress(locale: string): string {
  const e = env();
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(e.COMPANY_COUNTRY) ?? e.COMPANY_COUNTRY;
  return `${e.COMPANY_ADDRESS}, ${country}`;
}
