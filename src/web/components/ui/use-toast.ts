import { useSyncExternalStore } from 'react';

/**
 * A tiny toast store (spec sections 4 and 9): at most one toast is shown, a new one replaces the old, and a
 * dismissed toast is removed from memory 1,000,000 ms later (long after Radix has animated it out).
 *
 * A toast raised while a dialog is open belongs to that dialog (the innermost): the dialog shows it in the flow of
 * its own content, where the corner's toast would lie over the dialog's buttons and behind its modal layer, hidden
 * from assistive technology. When the dialog closes, a toast of its still open moves to the corner: an action that
 * closes its dialog ("Saved") says so there, and nothing said is lost.
 */
export type ToastVariant = 'default' | 'destructive';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type ToastItem = ToastInput & { id: number; open: boolean; dialog?: string };

const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
/** Open dialogs that show their toasts, innermost last. */
const openDialogs: string[] = [];
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: number): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setToasts(toasts.filter((item) => item.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: number): void {
  setToasts(
    toasts.map((item) => {
      if (id !== undefined && item.id !== id) return item;
      scheduleRemoval(item.id);
      return { ...item, open: false };
    }),
  );
}

/** Shows a toast, replacing the one on screen. Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  for (const dropped of toasts.slice(TOAST_LIMIT - 1)) {
    clearTimeout(removalTimers.get(dropped.id));
    removalTimers.delete(dropped.id);
  }
  const dialog = openDialogs.at(-1);
  setToasts([{ ...input, id, open: true, ...(dialog ? { dialog } : {}) }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/**
 * Makes an open dialog the one that shows the toasts raised from now on, until the returned function is called as
 * it closes; its toasts then move to the corner (above). Called by DialogToasts as it mounts inside the dialog.
 */
export function holdToastsIn(dialog: string): () => void {
  openDialogs.push(dialog);
  return () => {
    openDialogs.splice(openDialogs.lastIndexOf(dialog), 1);
    if (!toasts.some((item) => item.dialog === dialog)) return;
    setToasts(toasts.map((item) => (item.dialog === dialog ? { ...item, dialog: undefined } : item)));
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
