import { ChevronDown, Eye } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useNavigate } from "react-router";
import { Button } from "@/web/components/ui/button";
import { PERSPECTIVES } from "./navigation";

/** 'View As' for admins: titled 'Switch Perspective'. The server still checks every call (D1). */
export function ViewAsMenu() {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm">
          <Eye aria-hidden />
          <span className="hidden sm:inline">View As</span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-md border border-border bg-white p-1 shadow-md"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
            Switch Perspective
          </DropdownMenu.Label>
          {PERSPECTIVES.map((p) => (
            <DropdownMenu.Item
              key={p.to}
              onSelect={() => navigate(p.to)}
              className="cursor-pointer rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted"
            >
              {p.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
