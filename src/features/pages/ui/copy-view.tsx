import type { Locale } from '@/i18n/routing';
import type { ContentOf } from '../content-schema';
import type { EditablePage } from '../editable-pages';
import { AboutView } from './about-view';
import { LegalView, ProcessView, ProductsView, ProductView, ServicesView } from './views';

/**
 * An editable page drawn from its copy: the published one on the site, a draft in its preview.
 * The home page is the app's own (src/app/[locale]/_home): it holds the other features' parts.
 */
export function CopyView({ page, locale, c }: { page: Exclude<EditablePage, 'home'>; locale: Locale; c: ContentOf<EditablePage> }) {
  switch (page) {
    case 'about':
      return <AboutView c={c as ContentOf<'about'>} />;
    case 'process':
      return <ProcessView c={c as ContentOf<'process'>} />;
    case 'services':
      return <ServicesView c={c as ContentOf<'services'>} />;
    case 'products':
      return <ProductsView c={c as ContentOf<'products'>} />;
    case 'amazonsaasboost':
    case 'demodph_':
      return <ProductView c={c as ContentOf<'amazonsaasboost'>} />;
    default:
      return <LegalView c={c as ContentOf<'terms'>} locale={locale} />;
  }
}
