import { UserPlus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/web/components/ui/dialog";
import { useAddStudent } from "../api";
import { EMPTY_STUDENT, StudentForm } from "./student-form";

/** 'Add student': the server checks the email is new to the program; 'Student added' on success. */
export function AddStudentDialog({
  programId,
  onAdded,
  triggerLabel = "Add student",
}: {
  programId?: string;
  onAdded?: (student: { id: string; firstName: string; lastName: string }) => void;
  triggerLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const add = useAddStudent();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogTitle>Add student</DialogTitle>
        <DialogDescription className="mb-4">
          Add a student to your program's roster. Their compliance status is derived from their documents (pending until
          any are reviewed).
        </DialogDescription>
        <StudentForm
          idPrefix="add-student"
          defaultValues={EMPTY_STUDENT}
          submitLabel="Add student"
          busyLabel="Adding..."
          onSubmit={async (values) => {
            const student = await add.mutateAsync({ ...values, programId });
            toast.success("Student added", {
              description: `${student.firstName} ${student.lastName} is on the roster.`,
            });
            setOpen(false);
            onAdded?.(student);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
