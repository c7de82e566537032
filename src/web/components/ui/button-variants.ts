import { cva } from "class-variance-authority";

/**
 * The button's classes without its component: a link styled as a button on the static pages uses
 * them directly, without tailwind-merge and Slot (button.tsx), which the landing pages need not load
 * (issue 11). Extra classes go in `class`; they must not conflict with these (nothing merges them).
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-teal-800",
        outline: "border border-border bg-white text-slate-900 hover:bg-muted",
        ghost: "text-slate-700 hover:bg-muted",
        destructive: "bg-destructive text-white hover:bg-red-800",
        link: "text-primary underline-offset-4 hover:underline px-0",
        secondary: "bg-primary-soft text-teal-900 hover:bg-teal-200",
      },
      size: { default: "h-10 px-4 py-2", sm: "h-8 px-3", lg: "h-11 px-6 text-base", icon: "size-10" },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);
