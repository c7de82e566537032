import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Settings2, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { type DepartmentInput, type DepartmentValues, departmentInputSchema } from "@/domain/placements";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { LoadError } from "@/web/components/list-page/load-error";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import { failSubmit } from "@/web/lib/api-errors";
import { type Department, departmentsQuery, useDeleteDepartment, useSaveDepartment } from "../departments-api";

const EMPTY: DepartmentInput = { name: "", specialty: "", capacity: "" };

/** 'Manage Departments': add, edit and delete the facility's departments or units and their capacity. */
export function ManageDepartmentsDialog({
  facilityId,
  triggerLabel = "Manage Departments",
}: {
  facilityId?: string;
  triggerLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Settings2 aria-hidden /> {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogTitle>Manage Departments</DialogTitle>
        <DialogDescription className="mb-4">
          Your departments or units and how many students each can take at a time.
        </DialogDescription>
        {open ? <DepartmentsEditor facilityId={facilityId} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DepartmentsEditor({ facilityId }: { facilityId?: string }) {
  const list = useQuery(departmentsQuery(facilityId));
  const [editing, setEditing] = useState<Department | null>(null);
  const remove = useDeleteDepartment();

  return (
    <div className="grid gap-5">
      {list.isPending ? (
        <p role="status">Loading...</p>
      ) : list.isError ? (
        <LoadError what="departments" query={list} />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No departments yet. Add your first one below.</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border" aria-label="Departments">
          {list.data.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="font-medium">{d.name}</p>
                <p className="text-sm text-muted-foreground">
                  {d.specialty} · capacity {d.capacity} · {d.filled} filled · {d.available} available
                </p>
              </div>
              <div className="flex gap-1">
                <Button size="sm" variant="ghost" onClick={() => setEditing(d)} aria-label={`Edit ${d.name}`}>
                  <Pencil aria-hidden /> Edit
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete ${d.name}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(d.id, {
                      onSuccess: () => {
                        toast.success("Department deleted", { description: d.name });
                        if (editing?.id === d.id) setEditing(null);
                      },
                    })
                  }
                >
                  <Trash2 aria-hidden /> Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <DepartmentForm
        key={editing?.id ?? "new"}
        department={editing}
        facilityId={facilityId}
        onDone={() => setEditing(null)}
      />
    </div>
  );
}

function DepartmentForm({
  department,
  facilityId,
  onDone,
}: {
  department: Department | null;
  facilityId?: string;
  onDone: () => void;
}) {
  const save = useSaveDepartment();
  const form = useForm<DepartmentInput, unknown, DepartmentValues>({
    resolver: zodResolver(departmentInputSchema),
    defaultValues: department
      ? { name: department.name, specialty: department.specialty, capacity: String(department.capacity) }
      : EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const prefix = department ? "edit-department" : "new-department";
  const specialties =
    department && !(NURSING_SPECIALTIES as readonly string[]).includes(department.specialty)
      ? [department.specialty, ...NURSING_SPECIALTIES]
      : NURSING_SPECIALTIES;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: department?.id, values, facilityId });
      toast.success(department ? "Department updated" : "Department created", { description: saved.name });
      form.reset(EMPTY);
      onDone();
    } catch (err) {
      failSubmit(form, err, { fields: Object.keys(EMPTY) });
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-md border border-border p-4"
      aria-label={department ? `Edit ${department.name}` : "Add a department"}
    >
      <h3 className="font-semibold">{department ? `Edit ${department.name}` : "Add a department"}</h3>
      <fieldset className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr]" disabled={isSubmitting}>
        <Field id={`${prefix}-name`} label="Department name" error={errors.name?.message}>
          <Input
            id={`${prefix}-name`}
            placeholder="4 West Med-Surg"
            aria-invalid={!!errors.name}
            aria-describedby={errors.name ? `${prefix}-name-error` : undefined}
            {...form.register("name")}
          />
        </Field>
        <Field id={`${prefix}-specialty`} label="Specialty" error={errors.specialty?.message}>
          <Select
            id={`${prefix}-specialty`}
            aria-invalid={!!errors.specialty}
            aria-describedby={errors.specialty ? `${prefix}-specialty-error` : undefined}
            {...form.register("specialty")}
          >
            <option value="">Choose...</option>
            {specialties.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${prefix}-capacity`} label="Capacity" error={errors.capacity?.message}>
          <Input
            id={`${prefix}-capacity`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            aria-invalid={!!errors.capacity}
            aria-describedby={errors.capacity ? `${prefix}-capacity-error` : undefined}
            {...form.register("capacity")}
          />
        </Field>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {department ? (
          <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
            Cancel edit
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : department ? "Save department" : "Add department"}
        </Button>
      </div>
    </form>
  );
}
