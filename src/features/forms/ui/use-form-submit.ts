'use client';

import { useEffect, useRef, useState } from 'react';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { ApiError, apiRequest, requestErrorMessage } from '@/ui/api-client';
import { useStrings } from '@/ui/client-strings';
import { toast } from '@/ui/toast/toast-store';
import { MIN_FILL_MS } from '../fill-time';

const UTM = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** 22 random URL-safe characters (crypto.randomUUID needs https; this works on any page). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Sends a form to POST /rest/form with its context (page, referrer, UTM) and the bot traps, and tells the visitor how it went: 'sent', 'invalid' (the server found errors the
 * page did not; the page shows its alert) or 'failed'.
 */
export function useFormSubmit(
  locale: Locale,
  labels: Pick<Messages['Forms'], 'successTitle' | 'successText' | 'errorTitle' | 'errorText' | 'rateLimited'> & {
    errors?: Partial<Messages['Forms']['errors']>;
  },
) {
  // When the form was shown (the page's own clock: immune to a wrong system clock).
  const shownAt = useRef<number | null>(null);
  // Made when the form opens, kept while it is sent again (the answer got lost: the server answers
  // as the first time and stores nothing twice), renewed once it was received.
  const idempotencyKey = useRef<string | null>(null);
  useEffect(() => {
    shownAt.current = performance.now();
    idempotencyKey.current = newIdempotencyKey();
  }, []);
  const [sending, setSending] = useState(false);
  const [honeypot, setHoneypot] = useState('');
  const t = useStrings('Toast');

  /**
   * A form sent sooner than people usually manage (a password manager filled it): the visitor is
   * asked whether to send it, instead of it going unseen into the spam folder. True once they say
   * send; false when they close the question (nothing is sent, the form keeps what it holds).
   */
  const confirmFast = () =>
    new Promise<boolean>((resolve) => {
      toast({
        variant: 'info',
        title: t('fastTitle'),
        description: t('fastText'),
        action: { label: t('fastSend'), run: () => resolve(true) },
        onClose: () => resolve(false),
      });
    });

  /**
   * `onError` may take over a failure (a full course, say): when it returns true, no toast is
   * shown. `onInvalid` receives the server's field errors (paths like 'form.email'). `quiet`: the
   * form confirms the success itself (a panel in its place), so no success toast says it twice.
   */
  const submit = async (
    type: string,
    form: object,
    {
      onSent,
      onError,
      onInvalid,
      quiet = false,
    }: {
      onSent?: (body: { registration?: string }) => void;
      onError?: (err: ApiError) => boolean;
      onInvalid?: (errors: ApiError['errors']) => void;
      quiet?: boolean;
    } = {},
  ): Promise<'sent' | 'invalid' | 'failed'> => {
    const params = new URLSearchParams(window.location.search);
    const utm = Object.fromEntries(UTM.flatMap((k) => (params.get(`utm_${k}`) ? [[k, params.get(`utm_${k}`)!.slice(0, 100)]] : [])));
    const elapsedMs = Math.round(performance.now() - (shownAt.current ?? performance.now()));
    const tooFast = elapsedMs < MIN_FILL_MS && !honeypot;
    if (tooFast && !(await confirmFast())) return 'failed';
    setSending(true);
    try {
      idempotencyKey.current ??= newIdempotencyKey();
      const body = await apiRequest<{ registration?: string }>('/form', {
        headers: { 'idempotency-key': idempotencyKey.current },
        body: {
          type,
          form,
          context: { locale, page: window.location.pathname.slice(0, 300), referrer: document.referrer.slice(0, 500), utm },
          traps: { website: honeypot, elapsedMs, confirmed: tooFast },
        },
      });
      idempotencyKey.current = newIdempotencyKey();
      if (!quiet) toast({ variant: 'success', title: labels.successTitle, description: labels.successText });
      onSent?.(body);
      return 'sent';
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        onInvalid?.(err.errors);
        // An error of the whole request (no field to mark), such as a character that cannot be stored:
        // the notification names it, and the form does not ask to correct fields it does not mark.
        const general = requestErrorMessage(err, labels.errors ?? {}, labels.errorText);
        if (general === undefined) return 'invalid';
        toast({ variant: 'error', title: labels.errorTitle, description: general });
        return 'failed';
      }
      if (err instanceof ApiError && onError?.(err)) return 'failed';
      const rateLimited = err instanceof ApiError && err.status === 429;
      toast({ variant: 'error', title: labels.errorTitle, description: rateLimited ? labels.rateLimited : labels.errorText });
      return 'failed';
    } finally {
      setSending(false);
    }
  };

  return {
    submit,
    sending,
    honeypot: { value: honeypot, onChange: setHoneypot },
  };
}
