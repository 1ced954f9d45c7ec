'use client';

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { releaseToastHost, setToastHost } from './toast/toast-store';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** What Tab reaches inside `root`: not the forms' hidden bot trap (tabindex -1, aria-hidden), nothing invisible. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[aria-hidden="true"]') && el.getClientRects().length > 0,
  );
}

/** Focus to `target`, or to the first field of a form; whether it took it. */
function focusOn(target: HTMLElement | null | undefined): boolean {
  // The page itself (what had focus when the opener was disabled) is no place to land.
  if (!target?.isConnected || target === document.body) return false;
  if (target instanceof HTMLFormElement) tabbables(target)[0]?.focus();
  else target.focus();
  return target.contains(document.activeElement);
}

/**
 * A modal on the browser's own `<dialog>`: `showModal()` makes the rest of the page inert, Escape
 * closes it, and it sits above everything without a portal. What it adds: Tab and Shift+Tab go
 * round inside it (the browser would leave for its own toolbar), focus goes back to what opened
 * it, a click on the backdrop closes it, and the page behind does not scroll (globals.css). Its
 * content is mounted only while it is open, so a form in it starts afresh each time.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  closeLabel,
  wide = false,
  returnFocus,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Read out after the title; shown unless `hidden`. */
  description?: { text: ReactNode; className?: string; hidden?: boolean };
  closeLabel: string;
  wide?: boolean;
  /**
   * Where focus goes when it closes, instead of what opened it: a form's submit button is disabled
   * while the form is sent, and the browser takes focus away from it. A form means its first field.
   */
  returnFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // What had focus when it opened; undefined while it is closed.
  const opener = useRef<HTMLElement | null | undefined>(undefined);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      setToastHost(dialog);
      // The browser focuses the first focusable element, which may be a form's hidden bot trap
      // (typing there would mark the visitor as a bot): the first one Tab reaches instead.
      tabbables(dialog)[0]?.focus();
    } else if (!open) {
      if (dialog.open) dialog.close();
      // Also after Escape, which has closed the dialog itself already.
      releaseToastHost(dialog);
      // Only on closing (Escape has closed the dialog itself already), never at the first render.
      // A target that cannot take it (a button disabled while offline) hands it to the opener, then to its form.
      if (opener.current !== undefined) {
        const target = returnFocus?.current ?? opener.current;
        if (!focusOn(target) && !focusOn(opener.current)) focusOn(target?.closest('form'));
      }
      opener.current = undefined;
    }
  }, [open, returnFocus]);

  // A modal removed while open (the visitor navigated away) gives the notifications back.
  useEffect(() => {
    const dialog = ref.current;
    return () => releaseToastHost(dialog);
  }, []);

  const keepFocusInside = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const items = tabbables(e.currentTarget);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape and form[method=dialog] close the dialog first; React's state follows here.
      onClose={() => open && onClose()}
      onKeyDown={keepFocusInside}
      // The backdrop is the dialog element itself; its content fills it edge to edge. Pressed and
      // released there: a text selection that ends outside the box does not close it.
      onPointerDown={(e) => (pressedOnBackdrop.current = e.target === e.currentTarget)}
      onClick={(e) => e.target === e.currentTarget && pressedOnBackdrop.current && onClose()}
      className={`m-auto max-h-[92dvh] w-[calc(100%-2rem)] overflow-y-auto rounded-lg bg-white p-0 shadow-xl backdrop:bg-black/40 ${wide ? 'max-w-lg' : 'max-w-md'}`}
    >
      {open ? (
        <div className="relative p-6">
          <h2 id={titleId} className="pr-8 text-xl font-semibold text-ink">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className={description.hidden ? 'sr-only' : (description.className ?? 'mt-2 text-muted')}>
              {description.text}
            </p>
          ) : null}
          {children}
          <button
            type="button"
            aria-label={closeLabel}
            onClick={onClose}
            className="absolute top-4 right-4 rounded p-1 text-2xl leading-none text-muted hover:text-ink"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
