import { useQuery } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { LoadError } from "@/web/components/list-page/load-error";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Loading } from "@/web/components/ui/loading";
import { ApiError } from "@/web/lib/api-client";
import { placementItemsQuery, useAddPlacementItem, useRemovePlacementItem } from "../placement-items-api";

// A placement's own preparation items (issue 16), kept by its facility: "Badge photo submitted",
// "EHR training completed". Its approved students find them on their Preparation Checklist.

export function PlacementItemsDialog({
  placement,
  onClose,
}: {
  placement: { id: string; title: string } | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={placement !== null} onOpenChange={(o) => (o ? null : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogTitle>Checklist items{placement ? `: ${placement.title}` : ""}</DialogTitle>
        <DialogDescription>
          What students approved on this placement must do before their first day. They tick each item on their
          Preparation Checklist.
        </DialogDescription>
        {placement ? <Items key={placement.id} placementId={placement.id} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Items({ placementId }: { placementId: string }) {
  const query = useQuery(placementItemsQuery(placementId));
  const add = useAddPlacementItem(placementId);
  const remove = useRemovePlacementItem(placementId);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setErrors({ title: "Title is required" });
      return;
    }
    setErrors({});
    add.mutate(
      { title, description },
      {
        onSuccess: (item) => {
          toast.success("Item added", { description: item.title });
          setTitle("");
          setDescription("");
        },
        onError: (err) => {
          if (err instanceof ApiError && err.issues.length > 0) {
            setErrors(Object.fromEntries(err.issues.map((i) => [i.path.split(".")[0], i.message])));
          } else {
            toast.error("Error", { description: err instanceof Error ? err.message : "Could not add the item" });
          }
        },
      },
    );
  }

  return (
    <div className="grid gap-4">
      {query.isPending ? (
        <Loading label="Loading the items..." />
      ) : query.isError ? (
        <LoadError what="the checklist items" query={query} />
      ) : query.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No items yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Checklist items">
          {query.data.items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 rounded-lg border border-border p-3">
              <div className="grid min-w-0 gap-0.5">
                <p className="font-medium break-words">{item.title}</p>
                {item.description ? (
                  <p className="text-sm break-words text-muted-foreground">{item.description}</p>
                ) : null}
              </div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove ${item.title}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(item.id, {
                    onSuccess: () => toast.success("Item removed", { description: item.title }),
                    onError: (err) =>
                      toast.error("Error", { description: err instanceof Error ? err.message : "Could not remove" }),
                  })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} className="grid gap-3" noValidate aria-label="Add a checklist item">
        <Field id="placement-item-title" label="New item" error={errors.title}>
          <Input
            id="placement-item-title"
            value={title}
            maxLength={120}
            placeholder="Badge photo submitted"
            aria-invalid={Boolean(errors.title)}
            aria-describedby={errors.title ? "placement-item-title-error" : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field id="placement-item-description" label="Description (optional)" error={errors.description}>
          <Input
            id="placement-item-description"
            value={description}
            maxLength={500}
            aria-invalid={Boolean(errors.description)}
            aria-describedby={errors.description ? "placement-item-description-error" : undefined}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "Adding..." : "Add item"}
          </Button>
        </div>
      </form>
    </div>
  );
}
