import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { MAX_PRECEPTORS_PER_ROTATION } from "@/domain/preceptors";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { formatDate } from "@/web/lib/format";
import { peopleQuery, type Rotation, useAssignPreceptors } from "../api";

/**
 * 'Assign preceptors': tick up to five of the facility's coordinators and preceptors. Those newly
 * named get an email and a live notification.
 */
export function AssignPreceptorsDialog({ rotation, onClose }: { rotation: Rotation | null; onClose: () => void }) {
  return (
    <Dialog open={rotation !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        {rotation ? <AssignForm key={rotation.id} rotation={rotation} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AssignForm({ rotation, onClose }: { rotation: Rotation; onClose: () => void }) {
  const [picked, setPicked] = useState<string[]>(rotation.preceptors.map((p) => p.userId));
  const [search, setSearch] = useState("");
  const people = useQuery(
    peopleQuery({ page: 1, pageSize: 100, facilityId: rotation.facility.id, search: search || undefined }),
  );
  const assign = useAssignPreceptors();
  const searchId = useId();
  const full = picked.length >= MAX_PRECEPTORS_PER_ROTATION;
  const toggle = (userId: string) =>
    setPicked((now) => (now.includes(userId) ? now.filter((u) => u !== userId) : [...now, userId]));
  const save = async () => {
    await assign.mutateAsync({ id: rotation.id, userIds: picked });
    toast.success("Preceptors saved", {
      description:
        picked.length === 0
          ? `${rotation.student.name} has no preceptor now.`
          : `${picked.length} preceptor${picked.length === 1 ? "" : "s"} for ${rotation.student.name}.`,
    });
    onClose();
  };
  return (
    <>
      <DialogTitle>Assign preceptors</DialogTitle>
      <DialogDescription className="mb-4">
        {rotation.student.name} · {rotation.placement.title} · {formatDate(rotation.startDate)} to{" "}
        {formatDate(rotation.endDate)}. Choose up to {MAX_PRECEPTORS_PER_ROTATION}.
      </DialogDescription>
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>Find a person</Label>
        <Input
          id={searchId}
          type="search"
          value={search}
          placeholder="Name, email or title"
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <fieldset className="mt-4 grid gap-2" aria-describedby={`${searchId}-count`}>
        <legend className="mb-2 text-sm font-medium">Facility staff</legend>
        <p id={`${searchId}-count`} className="text-sm text-muted-foreground" aria-live="polite">
          {picked.length} of {MAX_PRECEPTORS_PER_ROTATION} chosen
        </p>
        {people.isPending ? (
          <p aria-live="polite">Loading staff...</p>
        ) : people.isError ? (
          <p role="alert" className="text-destructive">
            Could not load the staff: {people.error.message}
          </p>
        ) : people.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No one matches. Invite preceptors on the Preceptors page.</p>
        ) : (
          <ul className="grid max-h-72 gap-1 overflow-y-auto">
            {people.data.items.map((p) => {
              const id = `${searchId}-${p.userId}`;
              const checked = picked.includes(p.userId);
              return (
                <li key={p.userId} className="flex items-start gap-3 rounded-md border border-border p-2">
                  <input
                    id={id}
                    type="checkbox"
                    className="mt-1 size-4"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => toggle(p.userId)}
                  />
                  <label htmlFor={id} className="min-w-0 text-sm">
                    <span className="font-medium">{p.name}</span>{" "}
                    <span className="text-muted-foreground">
                      · {p.title}
                      {p.department ? ` · ${p.department}` : ""}
                    </span>
                    <span className="block break-all text-xs text-muted-foreground">
                      {p.email} · {p.activeRotations} active rotation{p.activeRotations === 1 ? "" : "s"}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button disabled={assign.isPending} onClick={() => void save()}>
          {assign.isPending ? "Saving..." : "Save preceptors"}
        </Button>
      </div>
    </>
  );
}
