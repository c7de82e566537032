import { FilePenLine, PenLine } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { AGREEMENT_TERMS, type AgreementSide, otherSide } from "@/domain/agreements";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Select } from "@/web/components/ui/select";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiError } from "@/web/lib/api-client";
import { toastError } from "@/web/lib/api-errors";
import { formatDate, formatDateTime } from "@/web/lib/format";
import {
  type Agreement,
  type AmendmentChanges,
  amendmentDocumentUrl,
  type Signature,
  useAgreementAction,
  useProposeAmendmentDocument,
} from "../api";
import type { Side } from "./agreement-dialog";

// Signing and amending (both sides' consent): each side signs for itself and the agreement takes
// effect once both have; a signed agreement's terms change only through an amendment one side
// proposes and the other accepts. The server decides who may do what; these show the viewer's
// side the step that is theirs.

const SIDES: AgreementSide[] = ["program", "facility"];

const orgOf = (a: Agreement, side: AgreementSide) => (side === "program" ? a.program.name : a.facility.name);

function signatureText(s: Signature | null) {
  if (!s) return "Not signed yet";
  return s.signedBy
    ? `Signed by ${s.signedBy.name} on ${formatDateTime(s.signedAt)}`
    : `Signed on ${formatDate(s.signedAt)}`;
}

/** Each side's signature, for the summary (a definition list's rows). */
export function SignatureRows({ agreement }: { agreement: Agreement }) {
  return (
    <>
      {SIDES.map((side) => (
        <div key={side}>
          <dt className="text-muted-foreground">{`${orgOf(agreement, side)}'s signature`}</dt>
          <dd>{signatureText(agreement.signatures[side])}</dd>
        </div>
      ))}
    </>
  );
}

/**
 * A draft's signing step for the viewer: their side's "Sign for <organization>" (an administrator
 * one per side still unsigned), or that it awaits the other side. Signing needs no form: the names
 * in the contacts are who to call, never a signature.
 */
export function SignButtons({
  side,
  agreement,
  onChanged,
}: {
  side: Side;
  agreement: Agreement;
  onChanged: (a: Agreement) => void;
}) {
  const action = useAgreementAction();
  const [signing, setSigning] = useState<AgreementSide | null>(null);
  const mine: AgreementSide[] = side === "admin" ? SIDES : [side];
  const open = mine.filter((s) => !agreement.signatures[s]);

  async function sign(as: AgreementSide) {
    setSigning(as);
    try {
      const signed = (await action.mutateAsync({
        id: agreement.id,
        action: "sign",
        json: side === "admin" ? { side: as } : {},
      })) as Agreement;
      toast.success(
        signed.stage === "executed"
          ? "Agreement signed by both sides: it is in force"
          : `Signed for ${orgOf(agreement, as)}: awaiting ${orgOf(agreement, otherSide(as))}'s signature`,
      );
      onChanged(signed);
    } catch (err) {
      toastError(err, "Could not sign the agreement");
    } finally {
      setSigning(null);
    }
  }

  if (open.length === 0) {
    const waitingFor = agreement.awaiting;
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {waitingFor
          ? `Your side has signed. Awaiting ${orgOf(agreement, waitingFor)}'s signature: the agreement takes effect when both sides have signed.`
          : "Signed."}
      </p>
    );
  }
  return (
    <>
      {open.map((s) => (
        <Button key={s} onClick={() => sign(s)} disabled={action.isPending}>
          <PenLine aria-hidden /> {signing === s ? "Signing..." : `Sign for ${orgOf(agreement, s)}`}
        </Button>
      ))}
    </>
  );
}

const TERM_LABELS = { title: "Title", startDate: "Start date", endDate: "End date", autoRenew: "Renews automatically" };

function termValue(key: keyof AmendmentChanges, value: string | boolean | undefined) {
  if (value === undefined) return "";
  if (key === "autoRenew") return value ? "yes" : "no";
  return key === "title" ? String(value) : formatDate(String(value));
}

/**
 * A signed agreement's amendment: the pending one with the viewer's answer (accept or decline for
 * the other side, withdraw for the proposer; an administrator may do either), or a form proposing
 * new terms.
 */
export function AmendmentSection({
  side,
  agreement,
  onChanged,
}: {
  side: Side;
  agreement: Agreement;
  onChanged: (a: Agreement) => void;
}) {
  const id = useId();
  const action = useAgreementAction();
  const [proposing, setProposing] = useState(false);
  const pending = agreement.pendingAmendment;

  async function answer(kind: "accept" | "decline" | "withdraw") {
    try {
      const result = (await action.mutateAsync({ id: agreement.id, action: `amendment/${kind}` })) as Agreement;
      toast.success(
        kind === "accept"
          ? "Amendment accepted: the agreement now has its terms"
          : kind === "decline"
            ? "Amendment declined: the agreement stays as it was"
            : "Amendment withdrawn",
      );
      onChanged(result);
    } catch (err) {
      toastError(err, "Could not answer the amendment");
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 border-t border-border pt-4">
      <h3 id={`${id}-title`} className="font-semibold">
        Amendments
      </h3>
      {pending ? (
        <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p>
            <span className="font-medium">{orgOf(agreement, pending.proposedBySide)}</span> proposed
            {pending.proposedBy ? ` (${pending.proposedBy.name})` : ""} on {formatDateTime(pending.proposedAt)}:
          </p>
          <ul className="list-disc pl-5">
            {AGREEMENT_TERMS.filter((k) => pending.changes[k] !== undefined).map((k) => (
              <li key={k}>
                {TERM_LABELS[k]}: {termValue(k, agreement[k])} → {termValue(k, pending.changes[k])}
              </li>
            ))}
          </ul>
          {pending.document ? (
            <p>
              New signed document:{" "}
              <a
                className="text-primary underline-offset-4 hover:underline"
                href={amendmentDocumentUrl(agreement.id)}
                target="_blank"
                rel="noreferrer"
              >
                {pending.document.name}
              </a>
            </p>
          ) : null}
          {pending.note ? <p className="whitespace-pre-wrap break-words">“{pending.note}”</p> : null}
          <p className="text-muted-foreground">
            The agreement changes only when {orgOf(agreement, otherSide(pending.proposedBySide))} accepts.
          </p>
          <div className="flex flex-wrap gap-2">
            {side === "admin" || side !== pending.proposedBySide ? (
              <>
                <Button onClick={() => answer("accept")} disabled={action.isPending}>
                  {`Accept for ${orgOf(agreement, otherSide(pending.proposedBySide))}`}
                </Button>
                <Button variant="outline" onClick={() => answer("decline")} disabled={action.isPending}>
                  Decline
                </Button>
              </>
            ) : null}
            {side === "admin" || side === pending.proposedBySide ? (
              <Button variant="outline" onClick={() => answer("withdraw")} disabled={action.isPending}>
                Withdraw amendment
              </Button>
            ) : null}
          </div>
          {side === "admin" || side === pending.proposedBySide ? (
            <AttachDocument agreement={agreement} forSide={pending.proposedBySide} onChanged={onChanged} />
          ) : null}
        </div>
      ) : proposing ? (
        <ProposeForm side={side} agreement={agreement} onChanged={onChanged} onCancel={() => setProposing(false)} />
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            Both sides signed: its title, dates and renewal change only when the other side accepts an amendment.
          </p>
          <Button variant="outline" className="justify-self-start" onClick={() => setProposing(true)}>
            <FilePenLine aria-hidden /> Propose an amendment
          </Button>
        </div>
      )}
    </section>
  );
}

/** The proposer adds or replaces the new signed document of its pending amendment. */
function AttachDocument({
  agreement,
  forSide,
  onChanged,
}: {
  agreement: Agreement;
  forSide: AgreementSide;
  onChanged: (a: Agreement) => void;
}) {
  const id = useId();
  const upload = useProposeAmendmentDocument();
  const [error, setError] = useState<string | undefined>();
  async function onFile(file: File | undefined) {
    if (!file) return;
    setError(undefined);
    try {
      onChanged(await upload.mutateAsync({ id: agreement.id, file, side: forSide }));
      toast.success("Document added to the amendment");
    } catch (err) {
      setError(err instanceof Error ? err.message : "Upload failed");
      toastError(err, "Could not upload the document");
    }
  }
  return (
    <div className="grid gap-1.5">
      <label htmlFor={`${id}-file`} className="font-medium">
        {agreement.pendingAmendment?.document ? "Replace the proposed document" : "Add a new signed document"} (PDF,
        JPEG or PNG, at most 10 MB)
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
      {upload.isPending ? <p className="text-muted-foreground">Uploading...</p> : null}
      {error ? (
        <p id={`${id}-file-error`} role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ProposeForm({
  side,
  agreement,
  onChanged,
  onCancel,
}: {
  side: Side;
  agreement: Agreement;
  onChanged: (a: Agreement) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const action = useAgreementAction();
  const [issues, setIssues] = useState<Record<string, string>>({});
  const upload = useProposeAmendmentDocument();
  const [file, setFile] = useState<File | null>(null);
  const [asSide, setAsSide] = useState<AgreementSide>("program");
  const [values, setValues] = useState({
    title: agreement.title,
    startDate: agreement.startDate,
    endDate: agreement.endDate,
    autoRenew: agreement.autoRenew,
    note: "",
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIssues({});
    // Only the terms that differ are proposed.
    const changes: AmendmentChanges = {};
    if (values.title.trim() !== agreement.title) changes.title = values.title;
    if (values.startDate !== agreement.startDate) changes.startDate = values.startDate;
    if (values.endDate !== agreement.endDate) changes.endDate = values.endDate;
    if (values.autoRenew !== agreement.autoRenew) changes.autoRenew = values.autoRenew;
    if (Object.keys(changes).length === 0 && !file) {
      setIssues({
        endDate:
          "Change at least one term (the end date, the start date, the title or renewal) or choose a new document",
      });
      return;
    }
    const bySide = side === "admin" ? asSide : undefined;
    let result: Agreement | null = null;
    try {
      if (Object.keys(changes).length > 0) {
        result = (await action.mutateAsync({
          id: agreement.id,
          action: "amendments",
          json: { ...changes, note: values.note, ...(bySide ? { side: bySide } : {}) },
        })) as Agreement;
      }
      // The file joins the proposal just made, or is proposed alone.
      if (file) result = await upload.mutateAsync({ id: agreement.id, file, side: bySide });
      toast.success("Amendment proposed: the other side is asked to accept it");
      if (result) onChanged(result);
    } catch (err) {
      if (err instanceof ApiError) setIssues(Object.fromEntries(err.issues.map((i) => [i.path, i.message])));
      toastError(err, result ? "The terms were proposed, the document was not" : "Could not propose the amendment");
      // The terms' proposal stands: show it (its proposer can attach the document from there).
      if (result) onChanged(result);
    }
  }

  const issue = (path: string) => issues[path];
  const described = (path: string) => (issue(path) ? `${id}-${path}-error` : undefined);
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label="Propose an amendment">
      {side === "admin" ? (
        <Field id={`${id}-side`} label="Propose for" error={issue("side")}>
          <Select id={`${id}-side`} value={asSide} onChange={(e) => setAsSide(e.target.value as AgreementSide)}>
            <option value="program">{agreement.program.name}</option>
            <option value="facility">{agreement.facility.name}</option>
          </Select>
        </Field>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-startDate`} label="New start date" error={issue("startDate")}>
          <Input
            id={`${id}-startDate`}
            type="date"
            value={values.startDate}
            onChange={(e) => setValues((v) => ({ ...v, startDate: e.target.value }))}
            aria-invalid={!!issue("startDate")}
            aria-describedby={described("startDate")}
          />
        </Field>
        <Field id={`${id}-endDate`} label="New end date" error={issue("endDate")}>
          <Input
            id={`${id}-endDate`}
            type="date"
            value={values.endDate}
            onChange={(e) => setValues((v) => ({ ...v, endDate: e.target.value }))}
            aria-invalid={!!issue("endDate")}
            aria-describedby={described("endDate")}
          />
        </Field>
      </div>
      <Field id={`${id}-title`} label="New title" error={issue("title")}>
        <Input
          id={`${id}-title`}
          value={values.title}
          onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
          aria-invalid={!!issue("title")}
          aria-describedby={described("title")}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={values.autoRenew}
          onChange={(e) => setValues((v) => ({ ...v, autoRenew: e.target.checked }))}
        />
        Renews automatically
      </label>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          New signed document (optional; PDF, JPEG or PNG, at most 10 MB)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          aria-describedby={issue("file") ? `${id}-file-error` : undefined}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-white file:px-3 file:py-1.5"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        {issue("file") ? (
          <p id={`${id}-file-error`} role="alert" className="text-sm text-destructive">
            {issue("file")}
          </p>
        ) : null}
      </div>
      <Field id={`${id}-note`} label="Why (the other side reads this)" error={issue("note")}>
        <Textarea
          id={`${id}-note`}
          rows={2}
          value={values.note}
          onChange={(e) => setValues((v) => ({ ...v, note: e.target.value }))}
          aria-invalid={!!issue("note")}
          aria-describedby={described("note")}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={action.isPending || upload.isPending}>
          {action.isPending || upload.isPending ? "Proposing..." : "Propose amendment"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
