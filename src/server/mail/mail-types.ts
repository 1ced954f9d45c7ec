import type { ReactElement } from 'react';
import type { Locale } from '@/i18n/routing';
import type { MailBrand } from './mail-layout';

export interface RenderContext {
  locale: Locale;
  brand: MailBrand;
}

export interface MailContent {
  subject: string;
  element: ReactElement;
}
