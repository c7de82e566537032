import { FileUp, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import type { AgreementContact, ContactSide } from "@/domain/agreements";
import { SearchPicker } from "@/web/components/search-picker";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiError } from "@/web/lib/api-client";
import { toastError } from "@/web/lib/api-errors";
import { formatDate, formatDateTime } from "@/web/lib/format";
import {
  type Agreement,
  type AgreementInput,
  agreementDocumentUrl,
  type Partner,
  partnersQuery,
  useAgreementAction,
  useSaveAgreement,
  useUploadAgreementDocument,
} from "../api";
import { AmendmentSection, SignatureRows, SignButtons } from "./agreement-signing";
import { AgreementStatusBadge } from "./agreement-status-badge";

export type Side = "program" | "facility" | "admin";

const emptyContact = (side: ContactSide): AgreementContact => ({ side, name: "", email: "", phone: "", role: "" });

/**
 * One agreement: create (naming the other organization with a searchable picker), edit, upload or
 * open the signed document, sign a draft for the viewer's side (in force once both sides signed),
 * amend a signed one, terminate a signed one with a reason, delete a draft.
 * The server's field messages show under the fields they name.
 */
export function AgreementDialog({
  side,
  viewedAs,
  agreement,
  open,
  onOpenChange,
}: {
  side: Side;
  /** The organization an administrator views as: the new agreement's own side. */
  viewedAs?: string;
  agreement: Agreement | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // The agreement as the last answer left it: a new draft stays open for its document, a signature
  // or an upload shows at once.
  const [current, setCurrent] = useState(agreement);
  const [shownFor, setShownFor] = useState(agreement);
  if (shownFor !== agreement) {
    setShownFor(agreement);
    setCurrent(agreement);
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogTitle>{current ? current.title : "New affiliation agreement"}</DialogTitle>
        <DialogDescription className="mb-4">
          {current
            ? `${current.program.name} and ${current.facility.name}`
            : "A draft both organizations see; it takes effect once each side has signed it (with a contact named on each side)."}
        </DialogDescription>
        {/* A new form for each agreement and for new terms (an accepted amendment): its fields start from them. */}
        <AgreementForm
          key={
            current
              ? `${current.id}:${current.title}:${current.startDate}:${current.endDate}:${current.autoRenew}`
              : "new"
          }
          side={side}
          viewedAs={viewedAs}
          agreement={current}
          onChanged={setCurrent}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

type Issues = Record<string, string>;

function AgreementForm({
  side,
  viewedAs,
  agreement,
  onChanged,
  onDone,
}: {
  side: Side;
  viewedAs?: string;
  agreement: Agreement | null;
  onChanged: (a: Agreement) => void;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveAgreement();
  const [issues, setIssues] = useState<Issues>({});
  const [programPick, setProgramPick] = useState<Partner | null>(null);
  const [facilityPick, setFacilityPick] = useState<Partner | null>(null);
  const [values, setValues] = useState<AgreementInput>(() => ({
    title: agreement?.title ?? "",
    startDate: agreement?.startDate ?? "",
    endDate: agreement?.endDate ?? "",
    autoRenew: agreement?.autoRenew ?? false,
    notes: agreement?.notes ?? "",
    contacts: agreement?.contacts.length ? agreement.contacts : [emptyContact("program"), emptyContact("facility")],
  }));
  const terminated = agreement?.stage === "terminated";
  // Both sides signed these terms: they change through an amendment (below), not this form.
  const termsLocked = terminated || agreement?.stage === "executed";
  const halfSigned = agreement?.stage === "draft" && !!(agreement.signatures.program || agreement.signatures.facility);
  const set = <K extends keyof AgreementInput>(key: K, value: AgreementInput[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const setContact = (i: number, patch: Partial<AgreementContact>) =>
    set(
      "contacts",
      values.contacts.map((c, j) => (j === i ? { ...c, ...patch } : c)),
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIssues({});
    const input: AgreementInput = {
      ...values,
      // Rows left blank are not contacts.
      contacts: values.contacts.filter((c) => c.name.trim() || c.email.trim() || c.phone.trim()),
      programId: agreement ? undefined : side === "program" ? viewedAs : programPick?.id,
      facilityId: agreement ? undefined : side === "facility" ? viewedAs : facilityPick?.id,
    };
    try {
      const saved = await save.mutateAsync({ id: agreement?.id, input });
      toast.success(
        agreement
          ? "Agreement saved"
          : `Draft agreement with ${side === "facility" ? saved.program.name : saved.facility.name} created`,
      );
      onChanged(saved);
    } catch (err) {
      if (err instanceof ApiError) setIssues(Object.fromEntries(err.issues.map((i) => [i.path, i.message])));
      toastError(err, "Could not save the agreement");
    }
  }

  const issue = (path: string) => issues[path];
  const describedBy = (path: string) => (issue(path) ? `${id}-${path}-error` : undefined);

  return (
    <div className="grid gap-5">
      {agreement ? <Summary agreement={agreement} /> : null}
      <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Agreement details">
        {!agreement && side !== "facility" ? (
          <PartnerField
            id={`${id}-facilityId`}
            kind="facility"
            picked={facilityPick}
            onPick={setFacilityPick}
            error={issue("facilityId")}
          />
        ) : null}
        {!agreement && side !== "program" ? (
          <PartnerField
            id={`${id}-programId`}
            kind="program"
            picked={programPick}
            onPick={setProgramPick}
            error={issue("programId")}
          />
        ) : null}
        <Field id={`${id}-title`} label="Title" error={issue("title")}>
          <Input
            id={`${id}-title`}
            value={values.title}
            disabled={termsLocked}
            onChange={(e) => set("title", e.target.value)}
            aria-invalid={!!issue("title")}
            aria-describedby={describedBy("title")}
            placeholder="Clinical affiliation agreement 2026–2031"
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-startDate`} label="Start date" error={issue("startDate")}>
            <Input
              id={`${id}-startDate`}
              type="date"
              value={values.startDate}
              disabled={termsLocked}
              onChange={(e) => set("startDate", e.target.value)}
              aria-invalid={!!issue("startDate")}
              aria-describedby={describedBy("startDate")}
            />
          </Field>
          <Field id={`${id}-endDate`} label="End date" error={issue("endDate")}>
            <Input
              id={`${id}-endDate`}
              type="date"
              value={values.endDate}
              disabled={termsLocked}
              onChange={(e) => set("endDate", e.target.value)}
              aria-invalid={!!issue("endDate")}
              aria-describedby={describedBy("endDate")}
            />
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={values.autoRenew}
            disabled={termsLocked}
            onChange={(e) => set("autoRenew", e.target.checked)}
          />
          Renews automatically (reminders are still sent before the end date)
        </label>
        {agreement?.stage === "executed" ? (
          <p className="text-xs text-muted-foreground">
            Both sides signed: the title, dates and renewal change through an amendment the other side accepts.
          </p>
        ) : halfSigned ? (
          <p className="text-xs text-muted-foreground">
            Changing the title, dates or renewal withdraws the signature already given: each side signs the terms it
            read.
          </p>
        ) : null}
        <fieldset className="grid gap-3" aria-describedby={issue("contacts") ? `${id}-contacts-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">Contacts (one on each side at least)</legend>
          {values.contacts.map((c, i) => (
            <ContactRow
              // biome-ignore lint/suspicious/noArrayIndexKey: contacts have no id; rows are edited in place
              key={i}
              id={`${id}-contact-${i}`}
              contact={c}
              disabled={terminated}
              issue={(field) => issue(`contacts.${i}.${field}`)}
              onChange={(patch) => setContact(i, patch)}
              onRemove={() =>
                set(
                  "contacts",
                  values.contacts.filter((_, j) => j !== i),
                )
              }
            />
          ))}
          {issue("contacts") ? (
            <p id={`${id}-contacts-error`} role="alert" className="text-sm text-destructive">
              {issue("contacts")}
            </p>
          ) : null}
          {!terminated ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() =>
                set("contacts", [...values.contacts, emptyContact(side === "facility" ? "facility" : "program")])
              }
            >
              <Plus aria-hidden /> Add contact
            </Button>
          ) : null}
        </fieldset>
        <Field id={`${id}-notes`} label="Notes" error={issue("notes")}>
          <Textarea
            id={`${id}-notes`}
            value={values.notes}
            disabled={terminated}
            rows={3}
            onChange={(e) => set("notes", e.target.value)}
            aria-invalid={!!issue("notes")}
            aria-describedby={describedBy("notes")}
          />
        </Field>
        {!terminated ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : agreement ? "Save changes" : "Create draft"}
            </Button>
          </div>
        ) : null}
      </form>
      {agreement ? <DocumentSection agreement={agreement} onChanged={onChanged} /> : null}
      {agreement?.stage === "executed" ? (
        <AmendmentSection side={side} agreement={agreement} onChanged={onChanged} />
      ) : null}
      {agreement ? <LifecycleActions side={side} agreement={agreement} onChanged={onChanged} onDone={onDone} /> : null}
    </div>
  );
}

function Summary({ agreement }: { agreement: Agreement }) {
  return (
    <dl className="grid gap-2 rounded-md border border-border bg-slate-50 p-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <AgreementStatusBadge status={agreement.status} daysLeft={agreement.daysLeft} awaiting={agreement.awaiting} />
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">In force</dt>
        <dd>
          {formatDate(agreement.startDate)} – {formatDate(agreement.endDate)}
        </dd>
      </div>
      <SignatureRows agreement={agreement} />
      {agreement.terminatedOn ? (
        <div className="sm:col-span-2">
          <dt className="text-muted-foreground">Terminated</dt>
          <dd>
            {formatDate(agreement.terminatedOn)}: {agreement.terminationReason}
          </dd>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <dt className="text-muted-foreground">Last changed</dt>
        <dd>{formatDateTime(agreement.updatedAt)}</dd>
      </div>
    </dl>
  );
}

function PartnerField({
  id,
  kind,
  picked,
  onPick,
  error,
}: {
  id: string;
  kind: "program" | "facility";
  picked: Partner | null;
  onPick: (p: Partner) => void;
  error?: string;
}) {
  const label = kind === "facility" ? "Facility" : "Nursing program";
  return (
    <div className="grid gap-1.5" id={id}>
      <SearchPicker<Partner>
        label={label}
        placeholder={kind === "facility" ? "Search facilities by name or city" : "Search programs by name or city"}
        query={partnersQuery(kind)}
        nameOf={(p) => p.name}
        detailOf={(p) => [p.city, p.state].filter(Boolean).join(", ")}
        onPick={onPick}
      />
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {picked ? `Chosen: ${picked.name}` : `Choose the ${label.toLowerCase()} this agreement is with.`}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ContactRow({
  id,
  contact,
  disabled,
  issue,
  onChange,
  onRemove,
}: {
  id: string;
  contact: AgreementContact;
  disabled: boolean;
  issue: (field: string) => string | undefined;
  onChange: (patch: Partial<AgreementContact>) => void;
  onRemove: () => void;
}) {
  return (
    <div className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[8rem_1fr_1fr] lg:grid-cols-[8rem_1fr_1fr_1fr_1fr_auto]">
      <Field id={`${id}-side`} label="Side">
        <Select
          id={`${id}-side`}
          value={contact.side}
          disabled={disabled}
          onChange={(e) => onChange({ side: e.target.value as ContactSide })}
        >
          <option value="program">Program</option>
          <option value="facility">Facility</option>
        </Select>
      </Field>
      <Field id={`${id}-name`} label="Name" error={issue("name")}>
        <Input
          id={`${id}-name`}
          value={contact.name}
          disabled={disabled}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </Field>
      <Field id={`${id}-role`} label="Role" error={issue("role")}>
        <Input
          id={`${id}-role`}
          value={contact.role}
          disabled={disabled}
          onChange={(e) => onChange({ role: e.target.value })}
        />
      </Field>
      <Field id={`${id}-email`} label="Email" error={issue("email")}>
        <Input
          id={`${id}-email`}
          type="email"
          value={contact.email}
          disabled={disabled}
          onChange={(e) => onChange({ email: e.target.value })}
        />
      </Field>
      <Field id={`${id}-phone`} label="Phone" error={issue("phone")}>
        <Input
          id={`${id}-phone`}
          type="tel"
          value={contact.phone}
          disabled={disabled}
          onChange={(e) => onChange({ phone: e.target.value })}
        />
      </Field>
      {!disabled ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="self-end"
          aria-label={`Remove contact ${contact.name || "(unnamed)"}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden />
        </Button>
      ) : null}
    </div>
  );
}

function DocumentSection({ agreement, onChanged }: { agreement: Agreement; onChanged: (a: Agreement) => void }) {
  const id = useId();
  const upload = useUploadAgreementDocument();
  const [error, setError] = useState<string | undefined>();
  async function onFile(file: File | undefined) {
    if (!file) return;
    setError(undefined);
    try {
      onChanged(await upload.mutateAsync({ id: agreement.id, file }));
      toast.success("Signed document uploaded");
    } catch (err) {
      setError(err instanceof Error ? err.message : "Upload failed");
      toastError(err, "Could not upload the document");
    }
  }
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2 border-t border-border pt-4">
      <h3 id={`${id}-title`} className="font-semibold">
        Signed document
      </h3>
      {agreement.document ? (
        <p className="text-sm">
          <a
            className="text-primary underline-offset-4 hover:underline"
            href={agreementDocumentUrl(agreement.id)}
            target="_blank"
            rel="noreferrer"
          >
            {agreement.document.name}
          </a>{" "}
          <span className="text-muted-foreground">
            ({Math.max(1, Math.round(agreement.document.size / 1024))} KB
            {agreement.document.uploadedAt ? `, uploaded ${formatDate(agreement.document.uploadedAt)}` : ""})
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">No signed document yet.</p>
      )}
      {/* The document is part of what both sides signed: once signed, one side does not replace it. */}
      {agreement.stage === "terminated" || (agreement.stage === "executed" && agreement.document) ? null : (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            <FileUp className="mr-1 inline size-4" aria-hidden />
            {agreement.document ? "Replace the signed document" : "Upload the signed document"} (PDF, JPEG or PNG, at
            most 10 MB)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            disabled={upload.isPending}
            aria-describedby={error ? `${id}-file-error` : undefined}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-white file:px-3 file:py-1.5"
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
          {upload.isPending ? <p className="text-sm text-muted-foreground">Uploading...</p> : null}
          {error ? (
            <p id={`${id}-file-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

function LifecycleActions({
  side,
  agreement,
  onChanged,
  onDone,
}: {
  side: Side;
  agreement: Agreement;
  onChanged: (a: Agreement) => void;
  onDone: () => void;
}) {
  const id = useId();
  const action = useAgreementAction();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [terminating, setTerminating] = useState(false);

  async function run(kind: "delete" | "terminate") {
    setReasonError(undefined);
    try {
      const result = await action.mutateAsync({
        id: agreement.id,
        action: kind,
        json: kind === "terminate" ? { reason } : undefined,
      });
      toast.success(kind === "delete" ? "Draft deleted" : "Agreement terminated");
      if (kind === "delete") onDone();
      else onChanged(result as Agreement);
    } catch (err) {
      if (err instanceof ApiError) setReasonError(err.issues.find((i) => i.path === "reason")?.message);
      toastError(err, "Could not change the agreement");
    }
  }

  if (agreement.stage === "terminated") return null;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 border-t border-border pt-4">
      <h3 id={`${id}-title`} className="font-semibold">
        {agreement.stage === "draft" ? "Sign or discard" : "End early"}
      </h3>
      {agreement.stage === "draft" ? (
        <div className="flex flex-wrap items-center gap-2">
          <SignButtons side={side} agreement={agreement} onChanged={onChanged} />
          <Button variant="outline" onClick={() => run("delete")} disabled={action.isPending}>
            <Trash2 aria-hidden /> Delete draft
          </Button>
        </div>
      ) : terminating ? (
        <div className="grid gap-2">
          <Field id={`${id}-reason`} label="Reason for termination" error={reasonError}>
            <Textarea id={`${id}-reason`} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive" onClick={() => run("terminate")} disabled={action.isPending}>
              Terminate today
            </Button>
            <Button variant="outline" onClick={() => setTerminating(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="outline" className="justify-self-start" onClick={() => setTerminating(true)}>
          Terminate agreement
        </Button>
      )}
    </section>
  );
}
