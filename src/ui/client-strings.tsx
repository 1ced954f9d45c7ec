'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';

/**
 * The few message namespaces that page-wide client components need, handed down by the layout
 * as plain strings. Client components use this instead of next-intl's client runtime, which
 * would add its message formatter to the JavaScript of every page.
 */
export type ClientStrings = Pick<Messages, 'Status' | 'Errors' | 'Toast'>;

const Context = createContext<{ locale: Locale; strings: ClientStrings } | null>(null);

export function ClientStringsProvider({ locale, strings, children }: { locale: Locale; strings: ClientStrings; children: ReactNode }) {
  return <Context.Provider value={{ locale, strings }}>{children}</Context.Provider>;
}

function useClientContext() {
  const value = useContext(Context);
  if (!value) throw new Error('ClientStringsProvider is missing');
  return value;
}

export function useClientLocale(): Locale {
  return useClientContext().locale;
}

/** `t(key, {name: value})`: the string with its `{name}` placeholders filled in. */
export function useStrings<N extends keyof ClientStrings>(namespace: N) {
  const strings = useClientContext().strings[namespace] as Record<string, string>;
  return (key: keyof ClientStrings[N] & string, values: Record<string, string | number> = {}) =>
    (strings[key] ?? key).replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
