import { clsx } from "clsx";
import type { ComponentProps } from "react";

/** A form label. Extra classes must not conflict with these (nothing merges them: public pages' weight, issue 11). */
export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is named by the caller's htmlFor
  return <label className={clsx("text-sm font-medium text-slate-800", className)} {...props} />;
}
