import { Pencil } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/web/components/ui/dialog";
import { type Student, useUpdateStudent } from "../api";
import { StudentForm } from "./student-form";

export function EditStudentDialog({ student }: { student: Student }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateStudent(student.id);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogTitle>Edit student</DialogTitle>
        <DialogDescription className="mb-4">
          Change {student.firstName} {student.lastName}'s details.
        </DialogDescription>
        <StudentForm
          idPrefix="edit-student"
          defaultValues={{
            firstName: student.firstName,
            lastName: student.lastName,
            email: student.email,
            phone: student.phone ?? "",
            gpa: student.gpa === null ? "" : student.gpa.toFixed(2),
            specialtyInterest: student.specialtyInterest ?? "",
          }}
          submitLabel="Save changes"
          busyLabel="Saving..."
          onSubmit={async (values) => {
            await update.mutateAsync(values);
            toast.success("Student updated");
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
