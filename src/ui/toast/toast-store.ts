import { useSyncExternalStore } from 'react';
import { createStore } from '../external-store';

export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** A question's answer: the notification stays until it is pressed or closed, and takes focus. */
  action?: { label: string; run: () => void };
  /** Told when the visitor closes it (not when its action runs). */
  onClose?: () => void;
}

const store = createStore<ToastMessage[]>([]);
const none: ToastMessage[] = [];
let nextId = 1;

/** Shows a notification in the toast area of the layout. */
export function toast(message: Omit<ToastMessage, 'id'>): number {
  const id = nextId++;
  store.set([...store.get(), { ...message, id }].slice(-4));
  return id;
}

export function dismissToast(id: number): void {
  store.set(store.get().filter((t) => t.id !== id));
}

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(store.subscribe, store.get, () => none);
}

/**
 * Where notifications show while a modal is open: inside its <dialog>, since showModal() makes
 * everything else inert (hidden under the backdrop, not clickable, not announced).
 */
const host = createStore<HTMLElement | null>(null);
export const setToastHost = (el: HTMLElement) => host.set(el);
/** Back to the page's own area, unless another modal has taken over meanwhile. */
export const releaseToastHost = (el: HTMLElement | null) => {
  if (el && host.get() === el) host.set(null);
};
export function useToastHost(): HTMLElement | null {
  return useSyncExternalStore(host.subscribe, host.get, () => null);
}
