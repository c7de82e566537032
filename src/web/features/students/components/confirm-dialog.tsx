import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";

/** A button that asks before it acts. `confirm` is null when the action is not possible (the dialog explains). */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  confirmVariant = "default",
  busy,
  onConfirm,
  open,
  onOpenChange,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string | null;
  confirmVariant?: ButtonProps["variant"];
  busy?: boolean;
  onConfirm: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div className="grid gap-2">{description}</div>
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{confirmLabel ? "Cancel" : "Close"}</Button>
          </DialogClose>
          {confirmLabel ? (
            <Button variant={confirmVariant} disabled={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
