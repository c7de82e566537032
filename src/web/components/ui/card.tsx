import type { ComponentProps } from "react";
import { cn } from "@/web/lib/cn";

export const Card = ({ className, ...p }: ComponentProps<"section">) => (
  <section className={cn("rounded-lg border border-border bg-white shadow-sm", className)} {...p} />
);
export const CardHeader = ({ className, ...p }: ComponentProps<"div">) => (
  <div className={cn("flex flex-col gap-1 p-5 pb-3", className)} {...p} />
);
export const CardTitle = ({ className, as: Tag = "h2", ...p }: ComponentProps<"h2"> & { as?: "h1" | "h2" | "h3" }) => (
  <Tag className={cn("text-lg font-semibold leading-tight", className)} {...p} />
);
export const CardDescription = ({ className, ...p }: ComponentProps<"p">) => (
  <p className={cn("text-sm text-muted-foreground", className)} {...p} />
);
export const CardContent = ({ className, ...p }: ComponentProps<"div">) => (
  <div className={cn("p-5 pt-0", className)} {...p} />
);
