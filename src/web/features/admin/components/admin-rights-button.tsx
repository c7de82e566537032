import { useState } from "react";
import { toast } from "sonner";
import type { AdminAction } from "@/domain/admin-accounts";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { useChangeAdminRights } from "../admins-api";

const COPY: Record<
  AdminAction,
  { button: string; title: (name: string) => string; body: string; done: string; destructive: boolean }
> = {
  "make-super-admin": {
    button: "Make super admin",
    title: (name) => `Make ${name} a super admin?`,
    body: "They will be able to add administrators, change anyone's rights and change the platform settings. They are told by email.",
    done: "Super admin added",
    destructive: false,
  },
  "remove-super-admin": {
    button: "Remove super admin",
    title: (name) => `Remove ${name}'s super admin rights?`,
    body: "They stay an administrator. The platform always keeps at least one super admin. They are told by email.",
    done: "Super admin rights removed",
    destructive: true,
  },
  "remove-admin": {
    button: "Remove admin rights",
    title: (name) => `Remove ${name}'s administrator rights?`,
    body: "Their access to the admin pages ends at once. The platform always keeps at least one super admin. They are told by email.",
    done: "Administrator rights removed",
    destructive: true,
  },
};

/** One rights change on the Administrators page, after a confirmation dialog (super admins only). */
export function AdminRightsButton({ id, name, action }: { id: string; name: string; action: AdminAction }) {
  const [open, setOpen] = useState(false);
  const change = useChangeAdminRights();
  const copy = COPY[action];

  function onConfirm() {
    // A refusal (the last super admin) is toasted by the query client with the server's message.
    change.mutate(
      { id, action },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(copy.done, { description: name });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`${copy.button}: ${name}`}>
          {copy.button}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{copy.title(name)}</DialogTitle>
        <DialogDescription>{copy.body}</DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant={copy.destructive ? "destructive" : "default"}
            disabled={change.isPending}
            onClick={onConfirm}
          >
            {copy.button}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
