'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useOfficeT } from './t';
import { buttonClass, secondaryButtonClass } from './field';

/**
 * A button that asks first: pressing it shows the question with Confirm and Cancel, and only
 * Confirm acts. Used before anything that mails a person, ends access or deletes data.
 */
export function ConfirmAction({
  label,
  question,
  onConfirm,
  danger = false,
  disabled = false,
  open = false,
  onCancel,
}: {
  label: ReactNode;
  question: string;
  onConfirm: () => Promise<void> | void;
  danger?: boolean;
  disabled?: boolean;
  /** Asking from the start: the member already pressed a button of their own (a form's submit). */
  open?: boolean;
  /** Told when the member cancels (a form then drops what it was about to send). */
  onCancel?: () => void;
}) {
  const t = useOfficeT('Common');
  const [asking, setAsking] = useState(open);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className={secondaryButtonClass} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div role="group" aria-label={question} className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <p>{question}</p>
      <div className="flex flex-wrap gap-2">
        <button
          ref={confirmRef}
          type="button"
          disabled={busy}
          className={danger ? `${buttonClass} bg-red-700 hover:bg-red-800` : buttonClass}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
              setAsking(false);
            }
          }}
        >
          {label}
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            setAsking(false);
            onCancel?.();
          }}
        >
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
