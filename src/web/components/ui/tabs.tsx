import { clsx } from "clsx";
import { type ComponentProps, createContext, type KeyboardEvent, type ReactNode, use, useId, useState } from "react";

/**
 * Tabs after the WAI-ARIA tabs pattern (ADR 018), with Radix's API and markup (`data-state`,
 * `data-orientation`) but not its weight, which /auth could not afford (issue 11): a `tablist` of
 * `tab` buttons, each `aria-controls` its `tabpanel`; one tab stop (the selected tab), Left/Right
 * move and select (automatic activation, wrapping), Home/End go to the first/last; only the
 * selected panel's content is rendered (a lazy panel loads when its tab opens). Extra classes go in
 * `className`; they must not conflict with these (nothing merges them).
 */
type TabsState = { baseId: string; value: string; select: (value: string) => void };
const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string) {
  const state = use(TabsContext);
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`);
  return state;
}

// Values become part of ids; anything but letters, digits, '-' and '_' is replaced.
const idOf = (baseId: string, part: "trigger" | "content", value: string) =>
  `${baseId}-${part}-${value.replace(/[^\w-]/g, "_")}`;

export function Tabs({
  value: controlled,
  defaultValue = "",
  onValueChange,
  className,
  children,
  ...props
}: Omit<ComponentProps<"div">, "defaultValue" | "onChange"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const value = controlled ?? uncontrolled;
  const select = (next: string) => {
    if (next === value) return;
    if (controlled === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ baseId, value, select }}>
      <div data-orientation="horizontal" className={className} {...props}>
        {children}
      </div>
    </TabsContext>
  );
}

/** Arrow keys move focus among the list's enabled tabs; focusing a tab selects it (TabsTrigger). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (current === -1) return;
  let next: number;
  switch (event.key) {
    case "ArrowRight":
      next = (current + 1) % tabs.length;
      break;
    case "ArrowLeft":
      next = (current - 1 + tabs.length) % tabs.length;
      break;
    case "Home":
      next = 0;
      break;
    case "End":
      next = tabs.length - 1;
      break;
    default:
      return;
  }
  event.preventDefault();
  tabs[next]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={clsx("inline-flex w-full rounded-md bg-muted p-1", className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  disabled,
  onClick,
  onFocus,
  ...props
}: Omit<ComponentProps<"button">, "value"> & { value: string }) {
  const tabs = useTabs("TabsTrigger");
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.baseId, "trigger", value)}
      aria-selected={selected}
      aria-controls={idOf(tabs.baseId, "content", value)}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      tabIndex={selected ? 0 : -1}
      disabled={disabled}
      className={clsx(
        "flex-1 rounded px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        // Automatic activation: a tab reached with the arrow keys is selected at once.
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  className,
  children,
  ...props
}: Omit<ComponentProps<"div">, "value"> & { value: string }) {
  const tabs = useTabs("TabsContent");
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={idOf(tabs.baseId, "content", value)}
      aria-labelledby={idOf(tabs.baseId, "trigger", value)}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      hidden={!selected}
      // The panel itself is a tab stop, as the ARIA tabs pattern (and Radix) has it: reachable even
      // when its content has nothing focusable.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a tabpanel is focusable in the ARIA tabs pattern
      tabIndex={0}
      className={clsx("mt-4", className)}
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}
