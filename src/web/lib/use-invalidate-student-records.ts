import { useQueryClient } from "@tanstack/react-query";

/**
 * What a student changes about their own records (an application, their profile) refreshes their
 * pages, all keyed under ["student"], and their dashboard. One helper because those records span
 * three features (placements, applications, students) that do not import each other.
 */
export function useInvalidateStudentRecords() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["student"] }),
      queryClient.invalidateQueries({ queryKey: ["dashboard", "student"] }),
    ]);
}
