import { Download, FileUp, Upload } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import { ROSTER_COLUMNS, ROSTER_MAX_BYTES, ROSTER_TEMPLATE, ROSTER_TOO_LARGE } from "@/domain/roster";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Table, TBody, TD, TH, THead, TR } from "@/web/components/ui/table";
import { toastError } from "@/web/lib/api-errors";
import { previewRoster, type RosterImportResult, type RosterPreview, useImportRoster } from "../api";
import { InviteAllButton } from "./invite-all-button";

/** Rows drawn at once in the preview; the counts above it always cover the whole file. */
const PREVIEW_ROWS_SHOWN = 300;

function downloadTemplate() {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([ROSTER_TEMPLATE], { type: "text/csv;charset=utf-8" }));
  link.download = "roster-template.csv";
  link.click();
  URL.revokeObjectURL(link.href);
}

type Step =
  | { kind: "choose"; error?: string }
  | { kind: "checking"; fileName: string }
  | { kind: "preview"; fileName: string; csv: string; preview: RosterPreview }
  | { kind: "done"; result: RosterImportResult };

/**
 * 'Upload Roster' (issue 3): choose a CSV, see every row with its errors before anything is saved,
 * import the valid rows in one go, and get a summary of what was added and skipped.
 */
export function RosterImportDialog({ programId }: { programId?: string }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [onlyErrors, setOnlyErrors] = useState(false);
  const importRoster = useImportRoster();
  const fileId = useId();
  const onlyErrorsId = useId();

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setStep({ kind: "choose" });
      setOnlyErrors(false);
    }
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > ROSTER_MAX_BYTES) {
      setStep({ kind: "choose", error: ROSTER_TOO_LARGE });
      return;
    }
    setStep({ kind: "checking", fileName: file.name });
    try {
      const csv = await file.text();
      const preview = await previewRoster(csv, programId);
      setStep({ kind: "preview", fileName: file.name, csv, preview });
    } catch (err) {
      const message = err instanceof Error ? err.message : "The file could not be read.";
      setStep({ kind: "choose", error: message });
      toastError(err, "Error", message);
    }
  }

  function onImport(csv: string) {
    importRoster.mutate(
      { csv, programId },
      {
        onSuccess: (result) => {
          const added = `${result.added} student${result.added === 1 ? "" : "s"} added`;
          toast.success("Roster imported", {
            description:
              result.skipped.length > 0
                ? `${added}, ${result.skipped.length} row${result.skipped.length === 1 ? "" : "s"} skipped.`
                : `${added}.`,
          });
          setStep({ kind: "done", result });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden />
          Upload Roster
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-4xl">
        <DialogTitle>Upload Roster</DialogTitle>
        <DialogDescription>
          A CSV file with a header row: {ROSTER_COLUMNS.join(", ")}. First name, last name and email are required;
          common header names (such as "First Name" or "E-mail") are recognised. Nothing is saved until you import.
        </DialogDescription>

        {step.kind === "done" ? (
          <ImportSummary result={step.result} programId={programId} onClose={() => onOpenChange(false)} />
        ) : (
          <div className="mt-4 grid gap-4">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="grid flex-1 gap-1.5">
                <Label htmlFor={fileId}>Roster CSV file</Label>
                <Input
                  id={fileId}
                  type="file"
                  accept=".csv,text/csv"
                  aria-describedby={step.kind === "choose" && step.error ? `${fileId}-error` : undefined}
                  disabled={step.kind === "checking" || importRoster.isPending}
                  onChange={(e) => {
                    void onFile(e.target.files?.[0]);
                  }}
                />
              </div>
              <Button variant="outline" onClick={downloadTemplate}>
                <Download aria-hidden />
                Download template
              </Button>
            </div>
            {step.kind === "choose" && step.error ? (
              <p id={`${fileId}-error`} role="alert" className="text-sm text-destructive">
                {step.error}
              </p>
            ) : null}
            {step.kind === "checking" ? (
              <p role="status" className="text-sm text-muted-foreground">
                Checking {step.fileName}...
              </p>
            ) : null}
            {step.kind === "preview" ? (
              <>
                <PreviewTable
                  preview={step.preview}
                  onlyErrors={onlyErrors}
                  onlyErrorsToggle={
                    <label htmlFor={onlyErrorsId} className="flex items-center gap-2 text-sm">
                      <input
                        id={onlyErrorsId}
                        type="checkbox"
                        className="size-4"
                        checked={onlyErrors}
                        onChange={(e) => setOnlyErrors(e.target.checked)}
                      />
                      Only rows with errors
                    </label>
                  }
                />
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button variant="outline" onClick={() => onOpenChange(false)} disabled={importRoster.isPending}>
                    Cancel
                  </Button>
                  <Button
                    disabled={step.preview.valid === 0 || importRoster.isPending}
                    onClick={() => onImport(step.csv)}
                  >
                    <FileUp aria-hidden />
                    {importRoster.isPending
                      ? "Importing..."
                      : `Import ${step.preview.valid} valid row${step.preview.valid === 1 ? "" : "s"}`}
                  </Button>
                </div>
              </>
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PreviewTable({
  preview,
  onlyErrors,
  onlyErrorsToggle,
}: {
  preview: RosterPreview;
  onlyErrors: boolean;
  onlyErrorsToggle: ReactNode;
}) {
  const rows = onlyErrors ? preview.rows.filter((r) => r.errors.length > 0) : preview.rows;
  const shown = rows.slice(0, PREVIEW_ROWS_SHOWN);
  return (
    <section aria-label="Roster preview" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-live="polite" className="text-sm">
          <strong>{preview.total}</strong> row{preview.total === 1 ? "" : "s"}: <strong>{preview.valid}</strong> ready
          to import, <strong>{preview.invalid}</strong> with errors.
        </p>
        {preview.invalid > 0 ? onlyErrorsToggle : null}
      </div>
      {preview.missingColumns.length > 0 ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          Missing required column{preview.missingColumns.length === 1 ? "" : "s"}: {preview.missingColumns.join(", ")}.
          Download the template to see the expected header.
        </p>
      ) : null}
      {preview.unknownColumns.length > 0 ? (
        <p className="text-sm text-muted-foreground">Ignored columns: {preview.unknownColumns.join(", ")}.</p>
      ) : null}
      {shown.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take keyboard focus to scroll (WCAG 2.1.1)
        <section aria-label="Preview rows" tabIndex={0} className="max-h-[45vh] overflow-y-auto">
          <Table aria-label="Rows in the file">
            <THead>
              <TR>
                <TH>Line</TH>
                <TH>First name</TH>
                <TH>Last name</TH>
                <TH>Email</TH>
                <TH>GPA</TH>
                <TH>Specialty</TH>
                <TH>Check</TH>
              </TR>
            </THead>
            <TBody>
              {shown.map((r) => (
                <TR key={r.line} className={r.errors.length > 0 ? "bg-red-50/60" : undefined}>
                  <TD>{r.line}</TD>
                  <TD>{r.values.first_name}</TD>
                  <TD>{r.values.last_name}</TD>
                  <TD className="break-all">{r.values.email}</TD>
                  <TD>{r.values.gpa}</TD>
                  <TD>{r.values.specialty_interest}</TD>
                  <TD>
                    {r.errors.length === 0 ? (
                      <Badge variant="success">Ready</Badge>
                    ) : (
                      <ul className="grid gap-0.5 text-sm text-red-900">
                        {r.errors.map((e) => (
                          <li key={e}>{e}</li>
                        ))}
                      </ul>
                    )}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </section>
      ) : null}
      {rows.length > shown.length ? (
        <p className="text-sm text-muted-foreground">
          Showing the first {shown.length} of {rows.length} rows.
        </p>
      ) : null}
    </section>
  );
}

function ImportSummary({
  result,
  programId,
  onClose,
}: {
  result: RosterImportResult;
  programId?: string;
  onClose: () => void;
}) {
  return (
    <section aria-label="Import summary" className="mt-4 grid gap-3">
      <p role="status" className="text-sm">
        <strong>{result.added}</strong> student{result.added === 1 ? "" : "s"} added.{" "}
        {result.skipped.length > 0
          ? `${result.skipped.length} row${result.skipped.length === 1 ? " was" : "s were"} skipped:`
          : "No rows were skipped."}
      </p>
      {result.skipped.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take keyboard focus to scroll (WCAG 2.1.1)
        <section aria-label="Skipped rows list" tabIndex={0} className="max-h-[45vh] overflow-y-auto rounded-md border">
          <ul aria-label="Skipped rows" className="divide-y divide-border">
            {result.skipped.map((s) => (
              <li key={s.line} className="px-3 py-2 text-sm">
                <span className="font-medium">Line {s.line}</span>
                {s.email ? <span className="break-all"> · {s.email}</span> : null}
                <span className="text-red-900"> · {s.reasons.join("; ")}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.added > 0 ? (
        <p className="text-sm text-muted-foreground">
          Invite the imported students to create their accounts: one email each, with a link valid 7 days.
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {result.added > 0 ? <InviteAllButton programId={programId} /> : null}
        <Button onClick={onClose}>Done</Button>
      </div>
    </section>
  );
}
