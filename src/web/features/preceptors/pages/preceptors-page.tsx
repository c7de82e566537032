import { useQuery } from "@tanstack/react-query";
import { MailPlus, SearchX, UserMinus, Users } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { PRECEPTOR_KINDS } from "@/domain/preceptors";
import { RowActions, Stacked } from "@/web/components/list-page/cells";
import { ExportCsvButton } from "@/web/components/list-page/export-csv-button";
import { FilterBar, type FilterField } from "@/web/components/list-page/filter-bar";
import { ListPanel } from "@/web/components/list-page/list-panel";
import { type ListCopy, ListResults } from "@/web/components/list-page/list-results";
import { actionsHeader, type Column, ListTable } from "@/web/components/list-page/list-table";
import { oneOf, useListParams } from "@/web/components/list-page/use-list-params";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { PageHeader } from "@/web/components/ui/page-header";
import { formatDate } from "@/web/lib/format";
import {
  type Invitation,
  invitationsQuery,
  type Person,
  peopleExportUrl,
  peopleQuery,
  useInvitationAction,
  useRemovePreceptor,
} from "../api";
import { InvitePreceptorDialog } from "../components/invite-preceptor-dialog";

// /dashboard/facility/preceptors (issue 17): the facility's people who may precept (its
// coordinators and invited preceptors), the open invitations, invite, resend, revoke, remove.

const COPY: ListCopy = {
  what: "the preceptors",
  loading: "Loading preceptors...",
  empty: {
    icon: Users,
    title: "No preceptors yet",
    body: "Invite the nurses who supervise students on their rotations.",
  },
  noMatch: { icon: SearchX, title: "No one matches", body: "No preceptor matches these filters." },
};

const KIND_LABELS = { coordinator: "Coordinator", preceptor: "Preceptor" } as const;

export default function FacilityPreceptorsPage() {
  const params = useListParams({ kind: "" });
  // An administrator views as a facility with ?facility= (View As).
  const facilityId = params.param("facility");
  const filter = { kind: oneOf(params.filters.kind, PRECEPTOR_KINDS), search: params.search || undefined, facilityId };
  const list = useQuery(peopleQuery({ ...filter, page: params.page }));
  const [removing, setRemoving] = useState<Person | null>(null);

  const fields: FilterField[] = [
    {
      name: "kind",
      label: "Role",
      options: PRECEPTOR_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
      all: "Coordinators and preceptors",
    },
  ];
  const columns: Column<Person>[] = [
    {
      id: "name",
      header: "Name",
      cell: (p) => <Stacked primary={p.name} secondary={<span className="break-all">{p.email}</span>} />,
    },
    {
      id: "title",
      header: "Title",
      cell: (p) => <Stacked primary={p.title} secondary={p.department ?? undefined} />,
    },
    {
      id: "kind",
      header: "Role",
      cell: (p) => <Badge variant={p.kind === "preceptor" ? "default" : "muted"}>{KIND_LABELS[p.kind]}</Badge>,
    },
    { id: "rotations", header: "Active rotations", cell: (p) => p.activeRotations },
    {
      id: "actions",
      header: actionsHeader,
      actions: true,
      cell: (p) =>
        p.kind === "preceptor" ? (
          <RowActions
            actions={[
              {
                text: "Remove",
                label: `Remove ${p.name} as a preceptor`,
                icon: UserMinus,
                onClick: () => setRemoving(p),
              },
            ]}
          />
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Preceptors"
        description="The staff who supervise students on their rotations: your coordinators and the preceptors you invited"
        actions={<InvitePreceptorDialog facilityId={facilityId} />}
      />
      <div className="mt-4 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        <FilterBar
          label="Filter preceptors"
          params={params}
          search="Name, email, title or department"
          fields={fields}
          className="sm:grid-cols-2"
        />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <ExportCsvButton url={peopleExportUrl(filter)} name="preceptors" />
        </div>
        <ListResults query={list} copy={COPY} params={params}>
          {(data) => <ListTable label="Preceptors" rows={data.items} rowKey={(p) => p.userId} columns={columns} />}
        </ListResults>
        <Invitations facilityId={facilityId} />
      </div>
      <RemoveDialog person={removing} facilityId={facilityId} onClose={() => setRemoving(null)} />
    </>
  );
}

function Invitations({ facilityId }: { facilityId?: string }) {
  const invitations = useQuery(invitationsQuery(facilityId));
  const act = useInvitationAction();
  const items = invitations.data?.items ?? [];
  const run = async (i: Invitation, action: "resend" | "revoke") => {
    await act.mutateAsync({ id: i.id, action });
    toast.success(action === "resend" ? "Invitation sent again" : "Invitation revoked", {
      description: action === "resend" ? `${i.email} has 7 more days to accept.` : `${i.email}'s link no longer works.`,
    });
  };
  return (
    <ListPanel title="Open invitations" description="Invitations not accepted yet. A link works for 7 days.">
      {invitations.isPending ? (
        <p aria-live="polite">Loading invitations...</p>
      ) : invitations.isError ? (
        <p role="alert" className="text-destructive">
          Could not load the invitations: {invitations.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <MailPlus className="mr-1 inline size-4" aria-hidden />
          No open invitations.
        </p>
      ) : (
        <ul className="grid gap-2">
          {items.map((i) => (
            <li
              key={i.id}
              className="flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {i.name} <span className="font-normal text-muted-foreground">· {i.title}</span>
                </p>
                <p className="break-all text-sm text-muted-foreground">{i.email}</p>
                <p className="text-xs text-muted-foreground">
                  {i.state === "expired" ? (
                    <Badge variant="warning">Expired</Badge>
                  ) : (
                    `Sent ${formatDate(i.sentAt)} · link works until ${formatDate(i.expiresAt)}`
                  )}
                </p>
              </div>
              <RowActions
                actions={[
                  {
                    text: "Resend",
                    label: `Resend the invitation to ${i.email}`,
                    onClick: () => void run(i, "resend"),
                    disabled: act.isPending,
                  },
                  {
                    text: "Revoke",
                    label: `Revoke the invitation to ${i.email}`,
                    onClick: () => void run(i, "revoke"),
                    disabled: act.isPending,
                  },
                ]}
              />
            </li>
          ))}
        </ul>
      )}
    </ListPanel>
  );
}

function RemoveDialog({
  person,
  facilityId,
  onClose,
}: {
  person: Person | null;
  facilityId?: string;
  onClose: () => void;
}) {
  const remove = useRemovePreceptor();
  return (
    <Dialog open={person !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogTitle>Remove {person?.name}?</DialogTitle>
        <DialogDescription>
          They will no longer precept at this facility: their assignments here end and they lose access to these
          students at once. You can invite them again later.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={async () => {
              if (!person) return;
              const done = await remove.mutateAsync({ userId: person.userId, facilityId });
              toast.success("Preceptor removed", {
                description: `${person.name} was removed${done.endedAssignments ? ` from ${done.endedAssignments} rotation(s)` : ""}.`,
              });
              onClose();
            }}
          >
            {remove.isPending ? "Removing..." : "Remove"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
