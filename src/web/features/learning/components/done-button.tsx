import { CheckCircle2, Circle } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { viewedStudentId } from "@/web/lib/view-as-student";
import { useMarkDone } from "../api";
import type { ResourceCard } from "../types";

/** 'Mark as done' (saved per student); pressed while done. Read only under View As. */
export function DoneButton({ resource }: { resource: ResourceCard }) {
  const mark = useMarkDone();
  const done = resource.completedAt !== null;
  return (
    <Button
      variant={done ? "secondary" : "outline"}
      size="sm"
      className="justify-self-start"
      aria-pressed={done}
      aria-label={`${done ? "Done" : "Mark as done"}: ${resource.title}`}
      disabled={mark.isPending || viewedStudentId() !== null}
      onClick={() =>
        mark.mutate(
          { id: resource.id, done: !done },
          {
            onError: (err) =>
              toast.error("Error", { description: err instanceof Error ? err.message : "Could not save" }),
          },
        )
      }
    >
      {done ? <CheckCircle2 aria-hidden /> : <Circle aria-hidden />}
      {done ? "Done" : "Mark as done"}
    </Button>
  );
}
