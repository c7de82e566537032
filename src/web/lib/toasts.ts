import { useSyncExternalStore } from "react";

/**
 * Toasts for a page that does not load sonner with its code (/auth: a toast only ever follows a
 * submit, issue 11): `loadToasts()` loads sonner and has the app mount its toaster (router.tsx),
 * which then shows the toast (sonner replays toasts made before its Toaster mounted). Pages under
 * the providers import `toast` from sonner directly: their toaster is mounted with them.
 */
let wanted = false;
const listeners = new Set<() => void>();

export async function loadToasts() {
  wantToaster();
  return (await import("sonner")).toast;
}

/** Has the app mount its toaster and keep it: the pages under the providers ask on arrival (providers.tsx). */
export function wantToaster() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether a page asked for the toaster (router.tsx mounts it then, and keeps it). */
export function useToasterWanted() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
