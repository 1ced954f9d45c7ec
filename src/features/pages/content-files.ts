import 'server-only';
// One static import per file: every bundle reads the same files, and a missing file fails the build.
import type { Locale } from '@/i18n/routing';
import home_en from '../../../content/home/en.json';
import home_es from '../../../content/home/es.json';
import home_fr from '../../../content/home/fr.json';
import home_de from '../../../content/home/de.json';
import home_it from '../../../content/home/it.json';
import about_en from '../../../content/about/en.json';
import about_es from '../../../content/about/es.json';
import about_fr from '../../../content/about/fr.json';
import about_de from '../../../content/about/de.json';
import about_it from '../../../content/about/it.json';
import process_en from '../../../content/process/en.json';
import process_es from '../../../content/process/es.json';
import process_fr from '../../../content/process/fr.json';
import process_de from '../../../content/process/de.json';
import process_it from '../../../content/process/it.json';
import services_en from '../../../content/services/en.json';
import services_es from '../../../content/services/es.json';
import services_fr from '../../../content/services/fr.json';
import services_de from '../../../content/services/de.json';
import services_it from '../../../content/services/it.json';
import products_en from '../../../content/products/en.json';
import products_es from '../../../content/products/es.json';
import products_fr from '../../../content/products/fr.json';
import products_de from '../../../content/products/de.json';
import products_it from '../../../content/products/it.json';
import amazonsaasboost_en from '../../../content/amazonsaasboost/en.json';
import amazonsaasboost_es from '../../../content/amazonsaasboost/es.json';
import amazonsaasboost_fr from '../../../content/amazonsaasboost/fr.json';
import amazonsaasboost_de from '../../../content/amazonsaasboost/de.json';
import amazonsaasboost_it from '../../../content/amazonsaasboost/it.json';
import demodph_en from '../../../content/demodph_/en.json';
import demodph_es from '../../../content/demodph_/es.json';
import demodph_fr from '../../../content/demodph_/fr.json';
import demodph_de from '../../../content/demodph_/de.json';
import demodph_it from '../../../content/demodph_/it.json';
import privacy_policy_en from '../../../content/privacy-policy/en.json';
import privacy_policy_es from '../../../content/privacy-policy/es.json';
import privacy_policy_fr from '../../../content/privacy-policy/fr.json';
import privacy_policy_de from '../../../content/privacy-policy/de.json';
import privacy_policy_it from '../../../content/privacy-policy/it.json';
import cookies_en from '../../../content/cookies/en.json';
import cookies_es from '../../../content/cookies/es.json';
import cookies_fr from '../../../content/cookies/fr.json';
import cookies_de from '../../../content/cookies/de.json';
import cookies_it from '../../../content/cookies/it.json';
import terms_en from '../../../content/terms/en.json';
import terms_es from '../../../content/terms/es.json';
import terms_fr from '../../../content/terms/fr.json';
import terms_de from '../../../content/terms/de.json';
import terms_it from '../../../content/terms/it.json';
import case_studies_en from '../../../content/case-studies/en.json';
import case_studies_es from '../../../content/case-studies/es.json';
import case_studies_fr from '../../../content/case-studies/fr.json';
import case_studies_de from '../../../content/case-studies/de.json';
import case_studies_it from '../../../content/case-studies/it.json';

/** The raw copy of every page, per locale (validated in content.ts). */
export const rawContent = {
  home: { en: home_en, es: home_es, fr: home_fr, de: home_de, it: home_it },
  about: { en: about_en, es: about_es, fr: about_fr, de: about_de, it: about_it },
  process: { en: process_en, es: process_es, fr: process_fr, de: process_de, it: process_it },
  services: { en: services_en, es: services_es, fr: services_fr, de: services_de, it: services_it },
  products: { en: products_en, es: products_es, fr: products_fr, de: products_de, it: products_it },
  amazonsaasboost: {
    en: amazonsaasboost_en,
    es: amazonsaasboost_es,
    fr: amazonsaasboost_fr,
    de: amazonsaasboost_de,
    it: amazonsaasboost_it,
  },
  demodph_: { en: demodph_en, es: demodph_es, fr: demodph_fr, de: demodph_de, it: demodph_it },
  'privacy-policy': { en: privacy_policy_en, es: privacy_policy_es, fr: privacy_policy_fr, de: privacy_policy_de, it: privacy_policy_it },
  cookies: { en: cookies_en, es: cookies_es, fr: cookies_fr, de: cookies_de, it: cookies_it },
  terms: { en: terms_en, es: terms_es, fr: terms_fr, de: terms_de, it: terms_it },
} satisfies Record<string, Record<Locale, unknown>>;

/**
 * The release's case studies, per locale, by id (validated as they are seeded): the English
 * file's order is their places on the home page; a locale's file may leave a case study out.
 */
export const rawCaseStudies: Record<Locale, Record<string, unknown>> = {
  en: case_studies_en,
  es: case_studies_es,
  fr: case_studies_fr,
  de: case_studies_de,
  it: case_studies_it,
};
