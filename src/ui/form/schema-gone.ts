'use client';

import { useSyncExternalStore } from 'react';
import { createStore } from '../external-store';

/**
 * A form's schema failed to load twice while the browser was online: most likely a new deployment
 * has removed the scripts this page was built with, and trying again will not help. The forms
 * then ask the visitor to reload the page (FormUnsendableHint).
 */
const gone = createStore(false);

export const markSchemaGone = () => gone.set(true);
/** A schema loaded after all: the failures were the connection's. */
export const clearSchemaGone = () => gone.get() && gone.set(false);

export function useSchemaGone(): boolean {
  return useSyncExternalStore(gone.subscribe, gone.get, () => false);
}
