import { X } from "lucide-react";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  type CalendarEvent,
  EVENT_AUDIENCE_LABELS,
  EVENT_AUDIENCES,
  EVENT_CATEGORIES,
  EVENT_CATEGORY_LABELS,
  EVENT_LOCATION_MAX,
  EVENT_TEXT_MAX,
  EVENT_TITLE_MAX,
  RECURRENCE_MAX_COUNT,
  timeZones,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from "@/domain/calendar";
import { SearchPicker } from "@/web/components/search-picker";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import { Textarea } from "@/web/components/ui/textarea";
import { type FacilityPlacement, facilityPlacementsQuery } from "@/web/features/placements/facility-api";
import { ApiError } from "@/web/lib/api-client";
import { toastError } from "@/web/lib/api-errors";
import { useCreateEvent, useUpdateEvent } from "../api";
import {
  type EventFormValues,
  emptyEventValues,
  eventFormResolver,
  eventToValues,
  fieldOf,
  valuesToInput,
} from "../event-form-values";

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/** Who may see a coordinator's event: a program's students, or (facilities) one placement's students. */
const AUDIENCES_OF = {
  program: EVENT_AUDIENCES.filter((a) => a !== "placement"),
  facility: EVENT_AUDIENCES,
} as const;

/**
 * "Add event" / "Edit event": a coordinator's own event (an orientation day, a site visit), once or
 * weekly. Validated with the domain's schema as the server does; the server's refusals land under
 * the fields they name, and in a toast.
 */
export function EventFormDialog({
  area,
  org,
  event,
  onClose,
}: {
  area: "program" | "facility";
  /** The organization an administrator views (the event is that organization's). */
  org?: string;
  /** The event to edit, or null to add one. */
  event: CalendarEvent | null;
  onClose: () => void;
}) {
  const id = useId();
  const zones = useMemo(() => timeZones(), []);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const form = useForm<EventFormValues>({
    resolver: eventFormResolver(org),
    defaultValues: event ? eventToValues(event) : emptyEventValues(localToday()),
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || create.isPending || update.isPending;
  const repeat = form.watch("repeat");
  const ends = form.watch("ends");
  const audience = form.watch("audience");
  const placementTitle = form.watch("placementTitle");
  const days = form.watch("days");

  const submit = form.handleSubmit(async (values) => {
    const json = valuesToInput(values, org);
    try {
      if (event?.eventId) await update.mutateAsync({ id: event.eventId, json });
      else await create.mutateAsync(json);
      toast.success(event ? "Event updated" : "Event added", { description: values.title.trim() });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        for (const issue of err.issues) {
          const field = fieldOf(issue.path, values);
          if (field) form.setError(field, { message: issue.message });
        }
      }
      toastError(err, event ? "Could not update the event" : "Could not add the event");
    }
  });

  const control = (name: keyof EventFormValues) => ({
    id: `${id}-${name}`,
    disabled: busy,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogTitle>{event ? "Edit event" : "Add event"}</DialogTitle>
        <DialogDescription>
          {event?.recurrence
            ? "Changes apply to the whole series, which starts again on the date below."
            : "An orientation day, a site visit or a meeting, on your calendar and in your subscribers' calendars."}
        </DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
          <Field id={`${id}-title`} label="Title" error={errors.title?.message}>
            <Input {...control("title")} maxLength={EVENT_TITLE_MAX + 1} {...form.register("title")} />
          </Field>
          <Field id={`${id}-category`} label="Category" error={errors.category?.message}>
            <Select {...control("category")} {...form.register("category")}>
              {EVENT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {EVENT_CATEGORY_LABELS[c]}
                </option>
              ))}
            </Select>
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id={`${id}-date`} label="Date" error={errors.date?.message}>
              <Input type="date" {...control("date")} {...form.register("date")} />
            </Field>
            <Field id={`${id}-startTime`} label="Start time" error={errors.startTime?.message}>
              <Input type="time" {...control("startTime")} {...form.register("startTime")} />
            </Field>
            <Field id={`${id}-endTime`} label="End time" error={errors.endTime?.message}>
              <Input type="time" {...control("endTime")} {...form.register("endTime")} />
            </Field>
          </div>
          <Field id={`${id}-timeZone`} label="Time zone" error={errors.timeZone?.message}>
            <Select {...control("timeZone")} {...form.register("timeZone")}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, " ")}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-location`} label="Location (optional)" error={errors.location?.message}>
            <Input {...control("location")} maxLength={EVENT_LOCATION_MAX + 1} {...form.register("location")} />
          </Field>
          <Field id={`${id}-description`} label="Description (optional)" error={errors.description?.message}>
            <Textarea
              {...control("description")}
              rows={3}
              maxLength={EVENT_TEXT_MAX + 1}
              {...form.register("description")}
            />
          </Field>

          <fieldset className="grid gap-3 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-medium">Repeat</legend>
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-teal-700" disabled={busy} {...form.register("repeat")} />
              Repeat weekly
            </label>
            {repeat ? (
              <>
                <fieldset aria-describedby={errors.days ? `${id}-days-error` : undefined} aria-invalid={!!errors.days}>
                  <legend className="mb-1 text-sm">On</legend>
                  <div className="flex flex-wrap gap-x-3 gap-y-1">
                    {WEEKDAYS.map((d) => (
                      <label key={d} className="inline-flex min-h-8 items-center gap-1.5 text-sm">
                        <input
                          type="checkbox"
                          className="size-4 accent-teal-700"
                          disabled={busy}
                          checked={days.includes(d)}
                          onChange={(e) =>
                            form.setValue("days", e.target.checked ? [...days, d] : days.filter((x) => x !== d), {
                              shouldDirty: true,
                            })
                          }
                        />
                        <abbr title={WEEKDAY_LABELS[d]} className="no-underline">
                          {WEEKDAY_LABELS[d].slice(0, 3)}
                        </abbr>
                      </label>
                    ))}
                  </div>
                  {errors.days ? (
                    <p id={`${id}-days-error`} role="alert" className="mt-1 text-sm text-destructive">
                      {errors.days.message}
                    </p>
                  ) : null}
                </fieldset>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field id={`${id}-ends`} label="Repeat ends">
                    <Select {...control("ends")} {...form.register("ends")}>
                      <option value="count">After a number of times</option>
                      <option value="until">On a date</option>
                    </Select>
                  </Field>
                  {ends === "count" ? (
                    <Field
                      id={`${id}-count`}
                      label={`Times (at most ${RECURRENCE_MAX_COUNT})`}
                      error={errors.count?.message}
                    >
                      <Input
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={RECURRENCE_MAX_COUNT}
                        {...control("count")}
                        {...form.register("count")}
                      />
                    </Field>
                  ) : (
                    <Field id={`${id}-until`} label="Last day" error={errors.until?.message}>
                      <Input type="date" {...control("until")} {...form.register("until")} />
                    </Field>
                  )}
                </div>
              </>
            ) : null}
          </fieldset>

          <Field id={`${id}-audience`} label="Who sees it" error={errors.audience?.message}>
            <Select {...control("audience")} {...form.register("audience")}>
              {AUDIENCES_OF[area].map((a) => (
                <option key={a} value={a}>
                  {EVENT_AUDIENCE_LABELS[a]}
                </option>
              ))}
            </Select>
          </Field>
          {audience === "placement" ? (
            <div className="grid gap-1.5">
              {placementTitle ? (
                <>
                  <span className="text-sm font-medium">Placement</span>
                  <div className="flex h-10 items-center justify-between gap-2 rounded-md border border-slate-300 px-3 text-sm">
                    <span className="truncate">{placementTitle}</span>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      className="h-7 px-2"
                      aria-label="Choose another placement"
                      disabled={busy}
                      onClick={() => {
                        form.setValue("placementId", "");
                        form.setValue("placementTitle", "");
                      }}
                    >
                      <X aria-hidden />
                    </Button>
                  </div>
                </>
              ) : (
                <SearchPicker<FacilityPlacement>
                  label="Placement"
                  placeholder="Type a placement's title"
                  query={(search, page) => facilityPlacementsQuery({ search, page, facilityId: org })}
                  nameOf={(p) => p.title}
                  onPick={(p) => {
                    form.setValue("placementId", p.id);
                    form.setValue("placementTitle", p.title);
                    form.clearErrors("placementId");
                  }}
                />
              )}
              {errors.placementId ? (
                <p role="alert" className="text-sm text-destructive">
                  {errors.placementId.message}
                </p>
              ) : null}
            </div>
          ) : null}

          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : event ? "Save changes" : "Add event"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
