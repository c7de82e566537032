import type { LucideIcon } from "lucide-react";
import { EmptyState } from "@/web/components/ui/empty-state";
import { PageHeader } from "@/web/components/ui/page-header";

/** A page's title and a real empty state, for pages whose data arrives with a later feature. */
export function SectionPage({
  title,
  description,
  icon,
  empty,
}: {
  title: string;
  description: string;
  icon?: LucideIcon;
  empty: string;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState icon={icon} title={empty} />
    </>
  );
}
