import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  APPLICATION_DEADLINE_LABEL,
  dateRangeLabel,
  durationWeeks,
  LATE_JOINERS_LABEL,
  type PlacementInput,
  type PlacementValues,
  placementInputSchema,
  seatsFreeLabel,
} from "@/domain/placements";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { RequirementsChecklist } from "@/web/components/requirements-checklist";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import { Textarea } from "@/web/components/ui/textarea";
import { failSubmit } from "@/web/lib/api-errors";
import { requirementTypesQuery } from "@/web/lib/requirement-catalogue";
import { departmentSeatsQuery, departmentsQuery } from "../departments-api";
import { type FacilityPlacement, useSavePlacement } from "../facility-api";

const EMPTY: PlacementInput = {
  title: "",
  specialty: "",
  departmentId: "",
  description: "",
  requirements: "",
  startDate: "",
  endDate: "",
  capacity: "",
  minGpa: "",
  applicationDeadline: "",
  status: "draft",
  allowLateJoiners: false,
};
const FIELDS = [...Object.keys(EMPTY), "requirementTypeIds"];

/** Issue 12: the placement's own compliance requirements (catalogue ids), read loosely until the API types carry them. */
const requirementTypeIdsOf = (p: FacilityPlacement | null) => [
  ...((p as { requirementTypeIds?: string[] } | null)?.requirementTypeIds ?? []),
];

function valuesOf(p: FacilityPlacement): PlacementInput {
  return {
    title: p.title,
    specialty: p.specialty,
    departmentId: p.department?.id ?? "",
    description: p.description,
    requirements: p.requirements.join("\n"),
    startDate: p.startDate,
    endDate: p.endDate,
    capacity: String(p.capacity),
    minGpa: p.minGpa === null ? "" : p.minGpa.toFixed(2),
    applicationDeadline: p.applicationDeadline ?? "",
    status: p.status,
    allowLateJoiners: p.allowLateJoiners,
  };
}

/**
 * 'Create New Placement' and 'Edit': the same zod schema as the API. Save as draft or publish as
 * active; a server refusal puts each named field's message under that field (D14).
 */
export function PlacementFormDialog({
  open,
  placement,
  facilityId,
  onClose,
}: {
  open: boolean;
  /** null: create a new one. */
  placement: FacilityPlacement | null;
  facilityId?: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>{placement ? "Edit Placement" : "Create New Placement"}</DialogTitle>
        <DialogDescription className="mb-4">
          {placement
            ? "Change the details; capacity cannot go below the spots already filled."
            : "Save it as a draft, or publish it to start receiving applications."}
        </DialogDescription>
        {open ? (
          <PlacementForm key={placement?.id ?? "new"} placement={placement} facilityId={facilityId} onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PlacementForm({
  placement,
  facilityId,
  onDone,
}: {
  placement: FacilityPlacement | null;
  facilityId?: string;
  onDone: () => void;
}) {
  const departments = useQuery(departmentsQuery(facilityId));
  const save = useSavePlacement();
  const catalogue = useQuery(requirementTypesQuery);
  const [requirementTypeIds, setRequirementTypeIds] = useState(() => requirementTypeIdsOf(placement));
  // Open from the start when the placement already asks for some (not toggled by the checkboxes).
  const [checklistOpen] = useState(() => requirementTypeIds.length > 0);
  // An admin over every facility picks from all departments: name each one's facility.
  const manyFacilities = new Set((departments.data ?? []).map((d) => d.facilityId)).size > 1;
  const form = useForm<PlacementInput, unknown, PlacementValues>({
    resolver: zodResolver(placementInputSchema),
    defaultValues: placement ? valuesOf(placement) : EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const requirementTypesError = (errors as Record<string, { message?: string } | undefined>).requirementTypeIds
    ?.message;
  const [start, end, departmentId] = form.watch(["startDate", "endDate", "departmentId"]);
  const datesValid = /^\d{4}-\d{2}-\d{2}$/.test(start ?? "") && /^\d{4}-\d{2}-\d{2}$/.test(end ?? "") && end >= start;
  const weeks = datesValid ? durationWeeks(start, end) : null;
  // Issue 15: new dates for a placement with approved students are announced to them and their programs.
  const datesMoved =
    !!placement &&
    placement.slotsFilled > 0 &&
    datesValid &&
    (start !== placement.startDate || end !== placement.endDate);
  // Issue 9: the chosen department's free seats for these dates (the server enforces them).
  const seats = useQuery({
    ...departmentSeatsQuery(departmentId ?? "", { startDate: start, endDate: end }, placement?.id),
    enabled: !!departmentId && datesValid,
  });

  const submitAs = (status: PlacementValues["status"]) =>
    form.handleSubmit(async (values) => {
      try {
        const body = { ...values, status, requirementTypeIds };
        await save.mutateAsync({ id: placement?.id, values: body });
        toast.success(placement ? "Placement updated" : "Placement created", { description: values.title });
        onDone();
      } catch (err) {
        failSubmit(form, err, { fields: FIELDS });
      }
    });

  const describedBy = (id: string, error?: string, hint?: boolean) =>
    error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const id = (name: string) => `placement-form-${name}`;
  const current = placement?.status ?? "draft";

  return (
    <form className="grid gap-4" onSubmit={submitAs(current)} noValidate>
      <fieldset className="grid gap-4" disabled={isSubmitting}>
        <Field id={id("title")} label="Title" error={errors.title?.message}>
          <Input
            id={id("title")}
            aria-invalid={!!errors.title}
            aria-describedby={describedBy(id("title"), errors.title?.message)}
            {...form.register("title")}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id("department")} label="Department" error={errors.departmentId?.message}>
            <Select
              id={id("department")}
              aria-invalid={!!errors.departmentId}
              aria-describedby={describedBy(id("department"), errors.departmentId?.message)}
              {...form.register("departmentId", {
                onChange: (e) => {
                  const d = departments.data?.find((x) => x.id === e.target.value);
                  if (d && !form.getValues("specialty")) form.setValue("specialty", d.specialty);
                },
              })}
            >
              <option value="">{departments.isPending ? "Loading..." : "Choose a department"}</option>
              {(departments.data ?? []).map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                  {manyFacilities ? ` (${d.facilityName})` : ""}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={id("specialty")} label="Specialty" error={errors.specialty?.message}>
            <Select
              id={id("specialty")}
              aria-invalid={!!errors.specialty}
              aria-describedby={describedBy(id("specialty"), errors.specialty?.message)}
              {...form.register("specialty")}
            >
              <option value="">Choose a specialty</option>
              {(placement && !(NURSING_SPECIALTIES as readonly string[]).includes(placement.specialty)
                ? [placement.specialty, ...NURSING_SPECIALTIES]
                : NURSING_SPECIALTIES
              ).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {departments.data && departments.data.length === 0 ? (
          <p className="text-sm text-muted-foreground" role="note">
            Add a department first with 'Manage Departments'.
          </p>
        ) : null}
        <Field id={id("description")} label="Description (optional)" error={errors.description?.message}>
          <Textarea
            id={id("description")}
            rows={3}
            aria-invalid={!!errors.description}
            aria-describedby={describedBy(id("description"), errors.description?.message)}
            {...form.register("description")}
          />
        </Field>
        <Field
          id={id("requirements")}
          label="Requirements (one per line)"
          error={errors.requirements?.message}
          hint="For example: BLS certification"
        >
          <Textarea
            id={id("requirements")}
            rows={3}
            aria-invalid={!!errors.requirements}
            aria-describedby={describedBy(id("requirements"), errors.requirements?.message, true)}
            {...form.register("requirements")}
          />
        </Field>
        <details className="rounded-md border border-border p-3" open={checklistOpen || !!requirementTypesError}>
          <summary className="cursor-pointer text-sm font-medium">
            Compliance requirements ({requirementTypeIds.length} chosen)
          </summary>
          <div className="mt-3 grid gap-3">
            <p className="text-sm text-muted-foreground">
              Documents applicants must have approved, on top of your facility's requirements. Their readiness is shown
              on each application.
            </p>
            {catalogue.isPending ? (
              <p className="text-sm text-muted-foreground" role="status">
                Loading the requirement catalogue...
              </p>
            ) : catalogue.isError ? (
              <p className="text-sm text-destructive" role="alert">
                Could not load the requirement catalogue: {catalogue.error.message}
              </p>
            ) : (
              <RequirementsChecklist
                types={catalogue.data}
                value={requirementTypeIds}
                onChange={setRequirementTypeIds}
              />
            )}
            {requirementTypesError ? (
              <p role="alert" className="text-sm text-destructive">
                {requirementTypesError}
              </p>
            ) : null}
          </div>
        </details>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id={id("start")} label="Start date" error={errors.startDate?.message}>
            <Input
              id={id("start")}
              type="date"
              aria-invalid={!!errors.startDate}
              aria-describedby={describedBy(id("start"), errors.startDate?.message)}
              {...form.register("startDate")}
            />
          </Field>
          <Field
            id={id("end")}
            label="End date"
            error={errors.endDate?.message}
            hint={weeks ? `${weeks} week${weeks === 1 ? "" : "s"}` : "On or after the start date"}
          >
            <Input
              id={id("end")}
              type="date"
              aria-invalid={!!errors.endDate}
              aria-describedby={describedBy(id("end"), errors.endDate?.message, true)}
              {...form.register("endDate")}
            />
          </Field>
          <Field
            id={id("capacity")}
            label="Capacity"
            error={errors.capacity?.message}
            hint={placement && placement.slotsFilled > 0 ? `At least ${placement.slotsFilled} (filled)` : undefined}
          >
            <Input
              id={id("capacity")}
              type="number"
              inputMode="numeric"
              min={Math.max(1, placement?.slotsFilled ?? 0)}
              step={1}
              aria-invalid={!!errors.capacity}
              aria-describedby={describedBy(id("capacity"), errors.capacity?.message, !!placement?.slotsFilled)}
              {...form.register("capacity")}
            />
          </Field>
        </div>
        {seats.data ? (
          <p className="text-sm text-muted-foreground" role="status" data-testid="department-seats">
            {seats.data.name}: {seatsFreeLabel(seats.data.free, seats.data.capacity)}
          </p>
        ) : null}
        {datesMoved && placement ? (
          <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="note">
            {placement.slotsFilled} approved student{placement.slotsFilled === 1 ? " is" : "s are"} placed on{" "}
            {dateRangeLabel(placement.startDate, placement.endDate)}. Saving new dates emails them and their programs
            the change (refused if it would overlap another of their approved rotations).
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            id={id("min-gpa")}
            label="Minimum GPA (optional)"
            error={errors.minGpa?.message}
            hint="0 to 4; empty for none"
          >
            <Input
              id={id("min-gpa")}
              type="number"
              inputMode="decimal"
              min={0}
              max={4}
              step={0.01}
              aria-invalid={!!errors.minGpa}
              aria-describedby={describedBy(id("min-gpa"), errors.minGpa?.message, true)}
              {...form.register("minGpa")}
            />
          </Field>
          <Field
            id={id("deadline")}
            label={APPLICATION_DEADLINE_LABEL}
            error={errors.applicationDeadline?.message}
            hint="The last day to apply; on or before the end date"
          >
            <Input
              id={id("deadline")}
              type="date"
              max={datesValid ? end : undefined}
              aria-invalid={!!errors.applicationDeadline}
              aria-describedby={describedBy(id("deadline"), errors.applicationDeadline?.message, true)}
              {...form.register("applicationDeadline")}
            />
          </Field>
        </div>
        <div className="flex items-start gap-2 text-sm">
          <input
            id={id("late-joiners")}
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            aria-describedby={id("late-joiners-hint")}
            {...form.register("allowLateJoiners")}
          />
          <div>
            <label htmlFor={id("late-joiners")}>{LATE_JOINERS_LABEL}</label>
            <p id={id("late-joiners-hint")} className="text-muted-foreground">
              Otherwise it is offered only until the rotation begins, and one under way cannot be published.
            </p>
          </div>
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={isSubmitting}>
            Cancel
          </Button>
        </DialogClose>
        {current === "active" ? (
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Saving..." : "Save changes"}
          </Button>
        ) : (
          <>
            <Button type="submit" variant="outline" disabled={isSubmitting}>
              {isSubmitting ? "Saving..." : current === "closed" ? "Save (closed)" : "Save as Draft"}
            </Button>
            <Button disabled={isSubmitting} onClick={submitAs("active")}>
              {isSubmitting ? "Saving..." : "Publish"}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}
