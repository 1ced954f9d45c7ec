'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useProblemText } from './use-problem-text';

/**
 * A change made through the office API from a button: `send(call)` makes the call and reloads the
 * page with what changed, answering the call's answer; refused, `alert` says why in the member's
 * words (and undefined is answered). Each send clears the last alert.
 */
export function useRefreshingCall() {
  const problemText = useProblemText();
  const router = useRouter();
  const [alert, setAlert] = useState<string>();
  const send = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    setAlert(undefined);
    try {
      const answer = await call();
      router.refresh();
      return answer;
    } catch (err) {
      setAlert(problemText(err));
      return undefined;
    }
  };
  return { alert, send };
}
