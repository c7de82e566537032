import { format, parseISO } from "date-fns";

/** Spec section 9: dates 'MMM d, yyyy'; message dates 'MMM d, h:mm a'. */
export const formatDate = (value: string | Date) =>
  format(typeof value === "string" ? parseISO(value) : value, "MMM d, yyyy");
export const formatDateTime = (value: string | Date) =>
  format(typeof value === "string" ? parseISO(value) : value, "MMM d, h:mm a");
