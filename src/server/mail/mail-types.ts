import type { ReactElement } from 'react';
import type { Locale } from '@/i18n/routing';
import type { MailBrand } from './mail-layout';

export interface RenderContext {
  locale: Locale;
  brand: MailBrand;
}

/** A file a template makes for its mail (an invoice's PDF), when the worker sends it. */
export interface MadeAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailContent {
  subject: string;
  element: ReactElement;
  /** Files made from the mail's props when it is sent (the queue holds the props, not the files). */
  attachments?: () => Promise<MadeAttachment[]>;
}

/**
 * A mail template: its name travels on the queue, the worker renders it in the recipient's
 * language when it sends. Services queue a mail with the definition itself, so its props are
 * checked by the compiler.
 */
export interface MailDefinition<P> {
  readonly name: string;
  readonly render: (props: P, ctx: RenderContext) => MailContent;
  /** Sent to many at once (a digest): queued behind the mails a visitor is waiting for. */
  readonly bulk?: boolean;
}

export function defineMail<P>(
  name: string,
  render: (props: P, ctx: RenderContext) => MailContent,
  options: { bulk?: boolean } = {},
): MailDefinition<P> {
  return { name, render, ...options };
}
