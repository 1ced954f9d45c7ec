'use client';

import { ConfirmAction } from './confirm-action';
import { FormAlert } from './field';
import { officeFetch } from './office-fetch';
import { useRefreshingCall } from './use-refreshing-call';

/**
 * A button that asks first and then calls the office API (`method` on `path`, no body): done, the
 * page reloads with what changed; refused, the reason shows above the button.
 */
export function ConfirmRequest({
  label,
  question,
  path,
  method = 'POST',
  danger = false,
  fit = false,
}: {
  label: string;
  question: string;
  /** Under /rest/office. */
  path: string;
  method?: 'POST' | 'DELETE';
  danger?: boolean;
  /** In a column wider than the button: the button as wide as its words, not the column. */
  fit?: boolean;
}) {
  const { alert, send } = useRefreshingCall();
  const action = (
    <ConfirmAction
      label={label}
      question={question}
      danger={danger}
      onConfirm={async () => {
        await send(() => officeFetch(path, { method }));
      }}
    />
  );
  return (
    <div className="grid gap-2">
      <FormAlert message={alert} />
      {fit ? <div>{action}</div> : action}
    </div>
  );
}
