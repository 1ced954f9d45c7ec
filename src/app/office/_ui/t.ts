import { useTranslations, type createTranslator } from 'next-intl';
import type { OfficeMessages } from '@/server/office/office-messages';

type Namespace = keyof OfficeMessages;
export type OfficeT<N extends Namespace> = ReturnType<typeof createTranslator<OfficeMessages, N>>;

/**
 * The office's strings in a client component (the office layout provides them): typed by the
 * office's messages, not the public site's, which the app's global next-intl types describe.
 */
export function useOfficeT<N extends Namespace>(namespace: N): OfficeT<N> {
  return useTranslations(namespace as never) as unknown as OfficeT<N>;
}
