import { Toaster } from "sonner";

/**
 * The toasts: mounted beside the routes (router.tsx) from the first page under the providers on, or
 * from /auth's first toast (lib/toasts.ts), and kept, so a toast shown before leaving for another
 * page ('Welcome back!', 'You have been logged out') stays.
 */
export function AppToaster() {
  return (
    // Own colours: sonner's richColors success green fails WCAG AA contrast (4.3:1).
    <Toaster
      closeButton
      position="top-right"
      // Below the app's 56 px header: a toast over the menu button or the bell would block them (and a
      // pointer resting on a toast keeps it open). The e2e phone tests caught it.
      offset={{ top: 64 }}
      mobileOffset={{ top: 64 }}
      toastOptions={{
        classNames: {
          success: "!bg-green-50 !text-green-900 !border-green-300",
          error: "!bg-red-50 !text-red-900 !border-red-300",
          description: "!text-inherit",
        },
      }}
    />
  );
}
