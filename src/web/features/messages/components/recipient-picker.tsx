import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useState } from "react";
import { ROLE_LABELS } from "@/domain/roles";
import { Input } from "@/web/components/ui/input";
import { cn } from "@/web/lib/cn";
import { useDebouncedValue } from "@/web/lib/use-debounced-value";
import { type Party, recipientsQuery } from "../api";

export type Chosen = Party & { role?: keyof typeof ROLE_LABELS | null };

const partyLabel = (p: Chosen) =>
  [p.organizationName, p.role ? ROLE_LABELS[p.role] : null].filter(Boolean).join(" · ") || "No organization";

/**
 * 'Recipient': a combobox over the people the server lets this user write to (GET
 * /api/messages/recipients). Typing searches; arrows and Enter pick; the choice shows its organization.
 */
export function RecipientPicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  disabled,
}: {
  id: string;
  value: Chosen | null;
  onChange: (value: Chosen | null) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState(value?.fullName ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(value ? "" : text.trim());
  const people = useQuery({ ...recipientsQuery(search), enabled: open });
  const items = people.data?.items ?? [];
  const listId = `${id}-options`;

  // A recipient set from outside (a reply) shows in the box.
  useEffect(() => {
    if (value) setText(value.fullName);
  }, [value]);

  function choose(p: Chosen) {
    onChange(p);
    setText(p.fullName);
    setOpen(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (items.length === 0 ? 0 : (i + step + items.length) % items.length));
    } else if (e.key === "Enter" && open) {
      // Enter picks the highlighted person rather than submitting the form.
      e.preventDefault();
      const p = items[active];
      if (p) choose(p);
    }
  }

  const showList = open && !disabled;
  return (
    <div className="relative grid gap-1">
      <Input
        id={id}
        role="combobox"
        autoComplete="off"
        placeholder="Search by name or organization"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={showList && items[active] ? `${listId}-${items[active].id}` : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        disabled={disabled}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
          if (value) onChange(null);
        }}
        // Opens on typing, a click or the arrow keys, not on focus: the dialog focuses this box first.
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {value && !showList ? <p className="text-sm text-muted-foreground">{partyLabel(value)}</p> : null}
      {showList ? (
        // Floats over the fields below, so nothing moves under the pointer when it closes.
        <div className="absolute top-11 z-10 max-h-56 w-full overflow-y-auto rounded-md border border-border bg-white shadow-lg">
          {people.isPending ? (
            <p role="status" className="p-3 text-sm text-muted-foreground">
              Loading...
            </p>
          ) : people.isError ? (
            <p role="alert" className="p-3 text-sm text-destructive">
              Could not load people: {people.error.message}
            </p>
          ) : items.length === 0 ? (
            <p role="status" className="p-3 text-sm text-muted-foreground">
              {search
                ? "Nobody matches this search among the people you work with."
                : "Nobody to write to yet: you can write to your coordinators and the people you work with on placements."}
            </p>
          ) : null}
          <div id={listId} role="listbox" aria-label="People you can write to" className="divide-y divide-border">
            {items.map((p, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (arrows, Enter)
              <div
                key={p.id}
                tabIndex={-1}
                id={`${listId}-${p.id}`}
                role="option"
                aria-selected={i === active}
                className={cn("cursor-pointer px-3 py-2 text-sm", i === active && "bg-primary-soft")}
                // Keep focus in the input: the choice happens before its blur.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(p)}
              >
                <span className="block font-medium">{p.fullName}</span>
                <span className="block text-slate-700">{partyLabel(p)}</span>
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
