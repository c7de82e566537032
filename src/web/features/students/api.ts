import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { EnrollmentFilter, StudentSort } from "@/domain/student-list";
import type { ComplianceStatus, StudentValues } from "@/domain/students";
import { api, unwrap } from "@/web/lib/api-client";
import { queryString } from "@/web/lib/download";

export const STUDENTS_PAGE_SIZE = 20;

export type StudentFilter = {
  search?: string;
  specialty?: string;
  complianceStatus?: ComplianceStatus;
  enrollment: EnrollmentFilter;
  sort: StudentSort;
  order?: "asc" | "desc";
  page: number;
  /** Admins (View As) may look at one program. Coordinators always get their own, whatever this says. */
  programId?: string;
};

const filterQuery = (f: Omit<StudentFilter, "page">) => ({
  search: f.search || undefined,
  specialty: f.specialty || undefined,
  complianceStatus: f.complianceStatus,
  enrollment: f.enrollment,
  sort: f.sort,
  order: f.order,
  programId: f.programId || undefined,
});

export const studentsQuery = (f: StudentFilter) =>
  queryOptions({
    queryKey: ["students", "list", f],
    queryFn: async () =>
      unwrap(
        await api.api.students.$get({
          query: { ...filterQuery(f), page: String(f.page), pageSize: String(STUDENTS_PAGE_SIZE) },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export type StudentList = Awaited<ReturnType<NonNullable<ReturnType<typeof studentsQuery>["queryFn"]>>>;
export type Student = StudentList["items"][number];

/** The CSV export's address for the same filters as the list. */
export const studentsExportUrl = (f: Omit<StudentFilter, "page">) =>
  `/api/students/export.csv${queryString(filterQuery(f))}`;

export const studentQuery = (id: string) =>
  queryOptions({
    queryKey: ["students", "detail", id],
    queryFn: async () => unwrap(await api.api.students[":id"].$get({ param: { id } })),
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });

export type StudentDetail = Awaited<ReturnType<NonNullable<ReturnType<typeof studentQuery>["queryFn"]>>>;

/** Every change to a student refreshes the lists and that student's page. */
function useInvalidateStudents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["students"] });
}

export function useAddStudent() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: async (v: StudentValues & { programId?: string }) => unwrap(await api.api.students.$post({ json: v })),
    onSuccess: invalidate,
  });
}

export function useUpdateStudent(id: string) {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: async (v: Partial<StudentValues>) =>
      unwrap(await api.api.students[":id"].$patch({ param: { id }, json: v })),
    onSuccess: invalidate,
  });
}

export function useRemoveStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.api.students[":id"].$delete({ param: { id } })),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: ["students", "detail", id] });
      return queryClient.invalidateQueries({ queryKey: ["students", "list"] });
    },
  });
}

export function useSetEnrollment() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: async (v: { id: string; action: "withdraw" | "reinstate" }) =>
      unwrap(
        v.action === "withdraw"
          ? await api.api.students[":id"].withdraw.$post({ param: { id: v.id } })
          : await api.api.students[":id"].reinstate.$post({ param: { id: v.id } }),
      ),
    onSuccess: invalidate,
  });
}

export function useInviteStudent() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.api.students[":id"].invite.$post({ param: { id } })),
    onSuccess: invalidate,
  });
}

export async function previewRoster(csv: string, programId?: string) {
  return unwrap(await api.api.students.import.preview.$post({ json: { csv, programId: programId || undefined } }));
}
export type RosterPreview = Awaited<ReturnType<typeof previewRoster>>;

export function useImportRoster() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: async (v: { csv: string; programId?: string }) =>
      unwrap(await api.api.students.import.$post({ json: { csv: v.csv, programId: v.programId || undefined } })),
    onSuccess: invalidate,
  });
}
export type RosterImportResult = Awaited<ReturnType<ReturnType<typeof useImportRoster>["mutateAsync"]>>;

/** Issue 9: invite every active student without an account or a valid invitation. */
export function useInviteAll() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: async (programId?: string) =>
      unwrap(await api.api.students["invite-all"].$post({ json: programId ? { programId } : {} })),
    onSuccess: invalidate,
  });
}
