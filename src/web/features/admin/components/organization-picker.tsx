import { SearchPicker } from "@/web/components/search-picker";
import { type Organization, type OrganizationKind, organizationsQuery } from "../api";

/** A searchable combobox of programs or facilities, a page of the organizations list at a time. */
export function OrganizationPicker({
  kind,
  label,
  onPick,
}: {
  kind: OrganizationKind;
  label: string;
  onPick: (org: Pick<Organization, "id" | "name">) => void;
}) {
  return (
    <SearchPicker<Organization>
      label={label}
      placeholder="Type a name, city or state"
      query={(search, page) => organizationsQuery({ kind, search, page })}
      nameOf={(o) => o.name}
      detailOf={(o) => [o.city, o.state].filter(Boolean).join(", ")}
      onPick={onPick}
    />
  );
}
