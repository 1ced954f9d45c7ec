import type { ReactNode } from 'react';

/** The body of every error page: status, title, a sentence, and a way out. */
export function ErrorPanel({ status, title, text, children }: { status: string; title: string; text: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-20">
      <p className="text-sm font-semibold text-brand-700">{status}</p>
      <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="text-muted">{text}</p>
      <div className="flex flex-wrap items-center gap-4">{children}</div>
    </div>
  );
}
