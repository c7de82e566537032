import { useQuery } from "@tanstack/react-query";
import { Clock, Plus, SearchX, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { formatHours, REQUIRED_HOURS_MAX } from "@/domain/hours";
import { NURSING_SPECIALTIES } from "@/domain/specialties";
import { Stacked } from "@/web/components/list-page/cells";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { type Column, ListTable } from "@/web/components/list-page/list-table";
import { useListParams } from "@/web/components/list-page/use-list-params";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { PageHeader } from "@/web/components/ui/page-header";
import { Select } from "@/web/components/ui/select";
import { ApiError } from "@/web/lib/api-client";
import { toastError } from "@/web/lib/api-errors";
import {
  type ProgramFilter,
  type ProgramRow,
  programExportUrl,
  programTotalsQuery,
  type Requirement,
  requirementsQuery,
  useSaveRequirements,
} from "../api";

// /hours (issue 17): the program's clinical hours per student against what its course requires,
// with the CSV per student and rotation, and the requirement editor (per specialty and a default).

const COPY: ListCopy = {
  what: "the hours",
  loading: "Loading hours...",
  empty: {
    icon: Clock,
    title: "No rotations yet",
    body: "Students with approved rotations appear here with the hours they logged.",
  },
  noMatch: { icon: SearchX, title: "No students match", body: "No student matches these filters." },
};

export default function ProgramHoursPage() {
  const params = useListParams({ specialty: "", below: "" });
  const programId = params.param("program");
  const f = params.filters;
  const filter: ProgramFilter = {
    search: params.search || undefined,
    specialty: f.specialty || undefined,
    below: f.below === "true" ? "true" : undefined,
    programId,
  };
  const list = useQuery(programTotalsQuery({ ...filter, page: params.page }));
  const fields: FilterField[] = [
    {
      name: "specialty",
      label: "Specialty",
      options: NURSING_SPECIALTIES.map((s) => ({ value: s, label: s })),
      all: "All specialties",
    },
    {
      name: "below",
      label: "Progress",
      options: [{ value: "true", label: "Below required hours" }],
      all: "All students",
    },
  ];
  const columns: Column<ProgramRow>[] = [
    {
      id: "student",
      header: "Student",
      cell: (r) => (
        <Stacked
          primary={
            <Link
              to={`/students/${encodeURIComponent(r.student.id)}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {r.student.name}
            </Link>
          }
          secondary={r.student.email}
        />
      ),
    },
    { id: "rotations", header: "Rotations", cell: (r) => r.rotations },
    { id: "approved", header: "Approved", cell: (r) => `${formatHours(r.approvedMinutes)} h` },
    { id: "pending", header: "Pending", cell: (r) => `${formatHours(r.pendingMinutes)} h` },
    { id: "returned", header: "Returned", cell: (r) => `${formatHours(r.returnedMinutes)} h` },
    {
      id: "required",
      header: "Required",
      cell: (r) => (r.requiredHours === null ? "Not set" : `${r.requiredHours} h`),
    },
    {
      id: "percent",
      header: "Complete",
      cell: (r) =>
        r.percent === null ? (
          "–"
        ) : (
          <span className="flex items-center gap-2">
            <progress
              className="h-2 w-16"
              max={100}
              value={r.percent}
              aria-label={`${r.student.name}: ${r.percent}% of required hours approved`}
            />
            {r.percent}%
          </span>
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Clinical Hours"
        description="Approved, pending and returned hours of your students against the hours your course requires"
      />
      <div className="mt-4 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        <FilterBar
          label="Filter students"
          params={params}
          search="Student name or email"
          fields={fields}
          className="sm:grid-cols-3"
        />
        <div className="flex justify-end">
          <ExportCsvButton url={programExportUrl(filter)} name="clinical-hours" />
        </div>
        <ListResults query={list} copy={COPY} params={params}>
          {(data) => (
            <ListTable
              label="Clinical hours per student"
              rows={data.items}
              rowKey={(r) => r.student.id}
              columns={columns}
            />
          )}
        </ListResults>
        <RequirementsEditor programId={programId} />
      </div>
    </>
  );
}

type Row = { key: number; specialty: string; hours: string };

/** The program's required hours: a default ('' specialty) and any specialty of its own. */
function RequirementsEditor({ programId }: { programId?: string }) {
  const id = useId();
  const query = useQuery(requirementsQuery(programId));
  const save = useSaveRequirements();
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [seq, setSeq] = useState(1);
  useEffect(() => {
    if (!query.data) return;
    const list = query.data.requirements;
    const base = list.some((r) => r.specialty === "") ? list : [{ specialty: "", hours: 0 }, ...list];
    setRows(base.map((r, i) => ({ key: i + 1000, specialty: r.specialty, hours: String(r.hours) })));
    setErrors({});
  }, [query.data]);

  if (programId === undefined && query.isError && query.error instanceof ApiError && query.error.status === 422) {
    return null; // An administrator picks a program first (View As).
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const requirements: Requirement[] = rows
      .filter((r) => r.specialty !== "" || r.hours !== "")
      .map((r) => ({ specialty: r.specialty, hours: Number(r.hours === "" ? Number.NaN : r.hours) }));
    const local: Record<string, string> = {};
    requirements.forEach((r, i) => {
      if (!Number.isInteger(r.hours) || r.hours < 0 || r.hours > REQUIRED_HOURS_MAX) {
        local[`requirements.${i}.hours`] = `Hours must be a whole number from 0 to ${REQUIRED_HOURS_MAX}`;
      }
    });
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await save.mutateAsync({ requirements, programId });
      toast.success("Required hours saved");
    } catch (err) {
      if (err instanceof ApiError) setErrors(Object.fromEntries(err.issues.map((i) => [i.path, i.message])));
      toastError(err, "Could not save the required hours");
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Required hours</CardTitle>
        <CardDescription>
          The clinical hours a rotation requires: per specialty, else the default. Students and reviewers see them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-3">
            <ul className="grid gap-2">
              {rows.map((r, i) => {
                const hoursError = errors[`requirements.${i}.hours`];
                const specialtyError = errors[`requirements.${i}.specialty`];
                return (
                  <li key={r.key} className="flex flex-wrap items-end gap-2">
                    <label className="grid gap-1 text-sm" htmlFor={`${id}-specialty-${r.key}`}>
                      Specialty
                      {r.specialty === "" && i === 0 ? (
                        <span className="flex h-9 items-center font-medium">Default (any other specialty)</span>
                      ) : (
                        <Select
                          id={`${id}-specialty-${r.key}`}
                          value={r.specialty}
                          aria-invalid={!!specialtyError}
                          onChange={(e) =>
                            setRows((all) =>
                              all.map((x) => (x.key === r.key ? { ...x, specialty: e.target.value } : x)),
                            )
                          }
                        >
                          <option value="">Choose a specialty</option>
                          {NURSING_SPECIALTIES.map((s) => (
                            <option key={s} value={s}>
                              {s}
                            </option>
                          ))}
                        </Select>
                      )}
                    </label>
                    <label className="grid gap-1 text-sm" htmlFor={`${id}-hours-${r.key}`}>
                      Hours
                      <Input
                        id={`${id}-hours-${r.key}`}
                        className="w-28"
                        inputMode="numeric"
                        value={r.hours}
                        aria-invalid={!!hoursError}
                        aria-describedby={hoursError ? `${id}-hours-${r.key}-error` : undefined}
                        onChange={(e) =>
                          setRows((all) => all.map((x) => (x.key === r.key ? { ...x, hours: e.target.value } : x)))
                        }
                      />
                    </label>
                    {i > 0 ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${r.specialty || "this requirement"}`}
                        onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    ) : null}
                    {hoursError || specialtyError ? (
                      <p id={`${id}-hours-${r.key}-error`} role="alert" className="basis-full text-sm text-destructive">
                        {hoursError ?? specialtyError}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setRows((all) => [...all, { key: seq, specialty: "", hours: "" }]);
                  setSeq((n) => n + 1);
                }}
              >
                <Plus aria-hidden /> Add a specialty
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? "Saving..." : "Save required hours"}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
