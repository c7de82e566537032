import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog that behaves as dialog.tsx (Radix Dialog) does, without its weight, for the public
 * pages (/auth's 'Reset Password', issue 11; ADR 018): rendered over the page in a portal while open,
 * the rest of the page inert (hidden from screen readers, unreachable by keyboard and pointer), focus
 * on its first control and kept inside (Tab wraps), Escape or a click outside closes it, and focus
 * goes back to the opener. Toasts (sonner's toaster sits above every layer) stay visible over it.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = dialog.parentElement;
    const outside = [...document.body.children].filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el !== host && !el.inert,
    );
    for (const el of outside) el.inert = true;
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = "hidden";
    (dialog.querySelector<HTMLElement>(TABBABLE) ?? dialog).focus();
    return () => {
      for (const el of outside) el.inert = false;
      document.documentElement.style.overflow = overflow;
      opener?.focus();
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onOpenChange(false);
      return;
    }
    if (event.key !== "Tab") return;
    const tabbable = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
    const first = tabbable[0];
    const last = tabbable[tabbable.length - 1];
    if (!first || !last) return event.preventDefault();
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!open) return null;
  return createPortal(
    <div>
      <div className="fixed inset-0 z-40 bg-black/50" aria-hidden="true" onClick={() => onOpenChange(false)} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-lg"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
        {children}
        <button
          type="button"
          className="absolute right-3 top-3 rounded p-1 text-slate-600 hover:bg-muted"
          aria-label="Close"
          onClick={() => onOpenChange(false)}
        >
          {/* lucide's X, inline: the icon library is not loaded for one glyph */}
          <svg
            xmlns="http://www.w3.org/2000/svg"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-4"
            aria-hidden="true"
          >
            <path d="M18 6 6 18" />
            <path d="m6 6 12 12" />
          </svg>
        </button>
      </div>
    </div>,
    document.body,
  );
}
