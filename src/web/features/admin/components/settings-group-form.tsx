import { type FormEvent, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import {
  type PlatformSettings,
  type SETTING_GROUPS,
  SETTING_INFO,
  SETTING_KEYS,
  type SettingKey,
  settingSchemas,
} from "@/domain/platform-settings";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { ApiError } from "@/web/lib/api-client";
import { formatDate } from "@/web/lib/format";
import type { SettingsData } from "../settings-api";
import { useSaveSettings } from "../settings-api";

type Group = (typeof SETTING_GROUPS)[number];
/** What the inputs hold: text for numbers and lists (parsed on save), booleans as they are. */
type Draft = Partial<Record<SettingKey, string | boolean>>;

const toDraft = (values: PlatformSettings, keys: SettingKey[]): Draft =>
  Object.fromEntries(
    keys.map((k) => {
      const v = values[k];
      return [k, typeof v === "boolean" ? v : Array.isArray(v) ? v.join(", ") : String(v)];
    }),
  );

/** The draft as the API takes it, or the message of each field that does not validate. */
function parseDraft(draft: Draft, keys: SettingKey[]) {
  const update: Record<string, unknown> = {};
  const errors: Partial<Record<SettingKey, string>> = {};
  for (const key of keys) {
    const raw = draft[key];
    let value: unknown = raw;
    if (key === "maxPendingApplicationsPerStudent") value = raw === "" ? Number.NaN : Number(raw);
    if (key === "reminderWindows") {
      const parts = String(raw)
        .split(/[\s,]+/)
        .filter(Boolean);
      value = parts.map((p) => (/^-?\d+(\.\d+)?$/.test(p) ? Number(p) : Number.NaN));
    }
    const parsed = settingSchemas[key].safeParse(value);
    if (parsed.success) update[key] = parsed.data;
    else errors[key] = parsed.error.issues[0]?.message ?? `${SETTING_INFO[key].label} is not valid`;
  }
  return { update, errors };
}

/** One group of platform settings with its own Save (super admins; others read it). */
export function SettingsGroupForm({ group, data, canEdit }: { group: Group; data: SettingsData; canEdit: boolean }) {
  const keys = SETTING_KEYS.filter((k) => SETTING_INFO[k].group === group.id);
  const [draft, setDraft] = useState<Draft>(() => toDraft(data.values, keys));
  const [errors, setErrors] = useState<Partial<Record<SettingKey, string>>>({});
  const save = useSaveSettings();
  const idPrefix = useId();
  const saved = JSON.stringify(toDraft(data.values, keys));
  // The saved values changed (this form's Save, or another admin's elsewhere after a refetch).
  useEffect(() => {
    setDraft(JSON.parse(saved) as Draft);
  }, [saved]);
  const dirty = JSON.stringify(draft) !== saved;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { update, errors: found } = parseDraft(draft, keys);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(update);
      toast.success("Settings saved", { description: group.title });
    } catch (err) {
      // The server's issues go under the fields they name ("reminderWindows.0" is that list's).
      if (err instanceof ApiError) {
        const fromServer: Partial<Record<SettingKey, string>> = {};
        for (const issue of err.issues) {
          const key = keys.find((k) => issue.path === k || issue.path.startsWith(`${k}.`));
          if (key) fromServer[key] = issue.message;
        }
        setErrors(fromServer);
      }
    }
  }

  const lastChange = keys
    .map((k) => data.changes[k])
    .filter((c): c is { updatedAt: string; updatedBy: string | null } => !!c)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];

  return (
    <Card aria-labelledby={`${idPrefix}-title`}>
      <CardHeader>
        <CardTitle id={`${idPrefix}-title`}>{group.title}</CardTitle>
        <CardDescription>{group.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-5" onSubmit={onSubmit} noValidate>
          <fieldset disabled={!canEdit || save.isPending} className="grid gap-5">
            <legend className="sr-only">{group.title}</legend>
            {keys.map((key) => {
              const id = `${idPrefix}-${key}`;
              const info = SETTING_INFO[key];
              const error = errors[key];
              const describedBy = `${id}-description${error ? ` ${id}-error` : ""}`;
              const value = draft[key];
              const errorLine = error ? (
                <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              ) : null;
              const description = (
                <p id={`${id}-description`} className="text-sm text-muted-foreground">
                  {info.description}
                </p>
              );
              if (typeof value === "boolean") {
                return (
                  <div key={key} className="flex items-start gap-3">
                    <input
                      id={id}
                      type="checkbox"
                      className="mt-1 size-4 shrink-0 accent-primary"
                      checked={value}
                      aria-describedby={describedBy}
                      onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.checked }))}
                    />
                    <div className="grid gap-1">
                      <label htmlFor={id} className="text-sm font-medium">
                        {info.label}
                      </label>
                      {description}
                      {errorLine}
                    </div>
                  </div>
                );
              }
              return (
                <div key={key} className="grid gap-1.5">
                  <label htmlFor={id} className="text-sm font-medium">
                    {info.label}
                    {key === "reminderWindows" ? " (days before expiry)" : ""}
                  </label>
                  <Input
                    id={id}
                    className="max-w-md"
                    inputMode={key === "maxPendingApplicationsPerStudent" ? "numeric" : undefined}
                    value={value ?? ""}
                    aria-invalid={!!error}
                    aria-describedby={describedBy}
                    onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
                  />
                  {description}
                  {errorLine}
                </div>
              );
            })}
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            {canEdit ? (
              <Button type="submit" disabled={save.isPending || !dirty}>
                {save.isPending ? "Saving..." : "Save"}
              </Button>
            ) : null}
            <p className="text-xs text-muted-foreground">
              {lastChange
                ? `Last changed ${formatDate(lastChange.updatedAt)}${lastChange.updatedBy ? ` by ${lastChange.updatedBy}` : ""}`
                : "Default values"}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
