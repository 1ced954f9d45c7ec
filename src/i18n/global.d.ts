import type { Locale } from './routing';
import type { Messages } from './messages';

// Typed message keys and locales for next-intl: a wrong key is a type error.
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
