import { Upload } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { checkDocumentDates, type DateAsk, type RequirementType } from "@/domain/compliance";
import { byCategory, CATEGORY_LABELS } from "@/web/components/requirements-checklist";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import { ApiError } from "@/web/lib/api-client";
import { scanDocument, type UploadTarget, useUploadDocument } from "../api";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE = "The file is larger than 10 MB.";
export const SCAN_NOTE = "We found these dates in your document. Please check them.";
const ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

type FieldName = "requirementTypeId" | "file" | "issuedOn" | "expiresOn";
const FIELDS: readonly FieldName[] = ["requirementTypeId", "file", "issuedOn", "expiresOn"];
type Errors = Partial<Record<FieldName, string>>;

/** Today as the user's calendar day (YYYY-MM-DD): the dates are checked as the server will. */
function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** The server's field errors: the envelope's `issues`, or a single `field`, under the field they name. */
function serverErrors(err: unknown): Errors {
  if (!(err instanceof ApiError)) return {};
  const out: Errors = {};
  for (const issue of err.issues)
    if ((FIELDS as readonly string[]).includes(issue.path)) out[issue.path as FieldName] = issue.message;
  const field = err.detail.field;
  if (typeof field === "string" && (FIELDS as readonly string[]).includes(field)) out[field as FieldName] = err.message;
  return out;
}

/**
 * "Upload document": the requirement (preset when opened from an item), the file (PDF, JPEG or PNG up
 * to 10 MB, checked here at once and by content on the server), then the dates the type asks for.
 * The server reads the dates it can find in the file; they are proposed, shown with a note, and the
 * user confirms or corrects them: nothing is filled in silently. The upload shows its progress.
 */
export function UploadDocumentDialog({
  target,
  types,
  presetTypeId,
  trigger,
  description,
}: {
  target: UploadTarget;
  /** The requirements one may upload for (a student's required items). */
  types: readonly RequirementType[];
  presetTypeId?: string;
  trigger: ReactNode;
  /** Whose record this goes to ("On behalf of Ada Lovelace"). */
  description?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-lg">
        {open ? (
          <UploadForm
            target={target}
            types={types}
            presetTypeId={presetTypeId}
            description={description}
            onDone={() => setOpen(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function UploadForm({
  target,
  types,
  presetTypeId,
  description,
  onDone,
}: {
  target: UploadTarget;
  types: readonly RequirementType[];
  presetTypeId?: string;
  description?: string;
  onDone: () => void;
}) {
  const id = useId();
  const upload = useUploadDocument(target);
  const [typeId, setTypeId] = useState(presetTypeId ?? (types.length === 1 ? types[0]!.id : ""));
  const [file, setFile] = useState<File | null>(null);
  const [issuedOn, setIssuedOn] = useState("");
  const [expiresOn, setExpiresOn] = useState("");
  const [proposed, setProposed] = useState<{ issuedOn: boolean; expiresOn: boolean }>({
    issuedOn: false,
    expiresOn: false,
  });
  const [scanning, setScanning] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const scanRun = useRef(0);

  const type = types.find((t) => t.id === typeId);
  const busy = upload.isPending;
  const ids = Object.fromEntries(FIELDS.map((f) => [f, `${id}-${f}`])) as Record<FieldName, string>;
  const clearError = (field: FieldName) => setErrors((e) => ({ ...e, [field]: undefined }));

  async function chooseFile(chosen: File | null) {
    const run = ++scanRun.current;
    setFile(null);
    setProposed({ issuedOn: false, expiresOn: false });
    clearError("file");
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setErrors((e) => ({ ...e, file: FILE_TOO_LARGE }));
      return;
    }
    setFile(chosen);
    setScanning(true);
    try {
      const scan = await scanDocument(chosen);
      if (run !== scanRun.current) return;
      // Proposals only: shown in the fields with a note asking the user to check them.
      if (scan.proposedIssuedOn) setIssuedOn(scan.proposedIssuedOn);
      if (scan.proposedExpiresOn) setExpiresOn(scan.proposedExpiresOn);
      setProposed({ issuedOn: !!scan.proposedIssuedOn, expiresOn: !!scan.proposedExpiresOn });
    } catch (err) {
      if (run !== scanRun.current) return;
      // The scan checks the file as an upload would: a refused file is named under the file field.
      const named = serverErrors(err);
      if (err instanceof ApiError && err.status < 500) {
        setFile(null);
        setErrors((e) => ({ ...e, file: named.file ?? err.message }));
      }
      // Otherwise the dates could not be read: the user types them, as without a text layer.
    } finally {
      if (run === scanRun.current) setScanning(false);
    }
  }

  function validate(): Errors {
    const out: Errors = {};
    if (!type) out.requirementTypeId = "Choose the requirement this document is for";
    if (!file) out.file = errors.file ?? "Choose a file to upload";
    if (type) {
      const checked = checkDocumentDates(type, { issuedOn: issuedOn || null, expiresOn: expiresOn || null }, today());
      if (!checked.ok) out[checked.field] = checked.message;
    }
    return out;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean) || !type || !file) return;
    setProgress(0);
    upload.mutate(
      {
        values: {
          file,
          requirementTypeId: type.id,
          issuedOn: type.asksIssuedOn === "no" ? null : issuedOn || null,
          expiresOn: type.asksExpiresOn === "no" ? null : expiresOn || null,
        },
        onProgress: setProgress,
      },
      {
        onSuccess: () => {
          toast.success("Document uploaded", { description: type.name });
          onDone();
        },
        onError: (err) => {
          setProgress(null);
          setErrors(serverErrors(err));
        },
      },
    );
  }

  const grouped = byCategory(types);
  // The dates the chosen type asks for, in the order a card shows them.
  const dateFields = [
    { field: "issuedOn", label: "Issue date", ask: type?.asksIssuedOn ?? "no", value: issuedOn, set: setIssuedOn },
    {
      field: "expiresOn",
      label: "Expiration date",
      ask: type?.asksExpiresOn ?? "no",
      value: expiresOn,
      set: setExpiresOn,
    },
  ] as const;
  const anyProposed =
    (proposed.issuedOn && type?.asksIssuedOn !== "no") || (proposed.expiresOn && type?.asksExpiresOn !== "no");
  const describedBy = (field: FieldName) => (errors[field] ? `${ids[field]}-error` : undefined);

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <DialogTitle>Upload document</DialogTitle>
      <DialogDescription>{description ? `${description}. ` : ""}PDF, JPEG or PNG, up to 10 MB.</DialogDescription>
      <fieldset disabled={busy} className="mt-4 grid gap-4">
        <Field id={ids.requirementTypeId} label="Requirement" error={errors.requirementTypeId}>
          <Select
            id={ids.requirementTypeId}
            value={typeId}
            aria-invalid={!!errors.requirementTypeId}
            aria-describedby={describedBy("requirementTypeId")}
            onChange={(e) => {
              setTypeId(e.target.value);
              clearError("requirementTypeId");
            }}
          >
            <option value="">Choose a requirement</option>
            {grouped.map(([category, list]) => (
              <optgroup key={category} label={CATEGORY_LABELS[category] ?? category}>
                {list.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        </Field>
        {type ? <p className="-mt-2 text-sm text-muted-foreground">Proof: {type.proof}</p> : null}

        <Field id={ids.file} label="File" error={errors.file}>
          <Input
            id={ids.file}
            type="file"
            accept={ACCEPT}
            aria-invalid={!!errors.file}
            aria-describedby={describedBy("file")}
            onChange={(e) => void chooseFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        {scanning ? (
          <p role="status" className="-mt-2 text-sm text-muted-foreground">
            Looking for dates in your document...
          </p>
        ) : null}

        {type && anyProposed ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {SCAN_NOTE}
          </p>
        ) : null}
        {type
          ? dateFields.map((d) =>
              d.ask === "no" ? null : (
                <DateInput
                  key={d.field}
                  id={ids[d.field]}
                  label={dateLabel(d.label, d.ask)}
                  value={d.value}
                  error={errors[d.field]}
                  required={d.ask === "required"}
                  onChange={(v) => {
                    d.set(v);
                    clearError(d.field);
                  }}
                />
              ),
            )
          : null}

        {progress !== null ? (
          <div className="grid gap-1">
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              aria-valuetext={`${progress}%`}
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
            </div>
            <p className="text-xs text-muted-foreground">
              {progress < 100 ? `Uploading... ${progress}%` : "Checking the file..."}
            </p>
          </div>
        ) : null}
      </fieldset>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || scanning}>
          <Upload aria-hidden /> {busy ? "Uploading..." : "Upload"}
        </Button>
      </div>
    </form>
  );
}

const dateLabel = (label: string, ask: DateAsk) => (ask === "optional" ? `${label} (optional)` : label);

function DateInput({
  id,
  label,
  value,
  error,
  required,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  required: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <Input
        id={id}
        type="date"
        value={value}
        required={required}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
