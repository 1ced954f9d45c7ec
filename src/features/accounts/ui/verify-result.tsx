import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/link';
import { pageMetadata } from '@/i18n/metadata';
import type { Locale } from '@/i18n/routing';

type Outcome = 'verifySuccess' | 'verifyError';
const paths: Record<Outcome, string> = { verifySuccess: '/verifysuccess', verifyError: '/verifyerror' };

export async function verifyResultMetadata(outcome: Outcome, locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: `SignUp.${outcome}` });
  // Landing pages of a mail link: nothing to find in a search engine.
  return { ...pageMetadata(paths[outcome], locale, { title: t('metaTitle') }), robots: { index: false, follow: true } };
}

/** Where the link in the code mail lands: what happened, and what to do next. */
export async function VerifyResult({ outcome, loginUrl }: { outcome: Outcome; loginUrl: string }) {
  const t = await getTranslations(`SignUp.${outcome}`);
  const success = outcome === 'verifySuccess';
  const action = 'rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800';
  return (
    <div className="mx-auto max-w-2xl px-4 py-14">
      <p
        aria-hidden="true"
        className={`flex size-12 items-center justify-center rounded-full text-2xl ${success ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}
      >
        {success ? '✓' : '!'}
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink">{t('heading')}</h1>
      <p className="mt-3 text-lg text-muted">{t('text')}</p>
      <p className="mt-8">
        {success ? (
          <a href={loginUrl} className={action}>
            {t('action')}
          </a>
        ) : (
          <Link href="/add" className={action}>
            {t('action')}
          </Link>
        )}
      </p>
    </div>
  );
}

/** The page the link in the code mail opens: a button that confirms (a POST, which scanners do not send). */
export async function VerifyLink({ action, signup, code, retry }: { action: string; signup: string; code: string; retry: boolean }) {
  const t = await getTranslations('SignUp.verifyLink');
  return (
    <div className="mx-auto max-w-2xl px-4 py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t('heading')}</h1>
      <p className="mt-3 text-lg text-muted">{t('text')}</p>
      {retry ? (
        <p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-ink">
          {t('retry')}
        </p>
      ) : null}
      <form method="post" action={action} className="mt-8">
        <input type="hidden" name="signup" value={signup} />
        <input type="hidden" name="code" value={code} />
        <button type="submit" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {t('action')}
        </button>
      </form>
    </div>
  );
}
