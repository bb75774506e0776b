import type { OptionsObject, SnackbarMessage } from "notistack";

type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => void;

let enqueue: Enqueue | null = null;
let requestHost: (() => void) | null = null;
const waiting: [SnackbarMessage, OptionsObject | undefined][] = [];

/**
 * Shows a toast (notistack). notistack is not part of the first load: the toast host loads it after the
 * first screen or on the first toast, and toasts asked for before it is there are shown when it arrives.
 */
export function toast(message: SnackbarMessage, options?: OptionsObject): void {
  if (enqueue) {
    enqueue(message, options);
    return;
  }
  waiting.push([message, options]);
  requestHost?.();
}

/** The toast host's mount point asks to be notified when a toast waits (it then loads notistack). */
export function onToastWaiting(request: () => void): () => void {
  requestHost = request;
  if (waiting.length) request();
  return () => {
    if (requestHost === request) requestHost = null;
  };
}

/** Called by the mounted host with notistack's enqueue; shows what waited. */
export function attachToasts(fn: Enqueue): () => void {
  enqueue = fn;
  for (const [m, o] of waiting.splice(0)) fn(m, o);
  return () => {
    if (enqueue === fn) enqueue = null;
  };
}
