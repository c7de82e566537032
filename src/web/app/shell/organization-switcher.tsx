import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Building2, Check, ChevronDown, GraduationCap } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { flushSync } from "react-dom";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { homeFor, ROLE_LABELS } from "@/domain/roles";
import { Button } from "@/web/components/ui/button";
import { api, unwrap } from "@/web/lib/api-client";
import type { Me } from "@/web/lib/me";
import { meQuery } from "@/web/lib/session";

type Organization = Me["organizations"][number];

/** The role one holds in an organization: its coordinator, on its side. */
export const roleIn = (org: Organization) => `${ROLE_LABELS[org.kind]} coordinator`;

/**
 * For a user with several memberships (ADR 011): which organization this session acts for. Switching
 * asks the server (only one's own memberships), drops every cached answer of the other organization,
 * and opens that role's dashboard. A radio group in a menu: arrows, Enter and Escape work, and a
 * screen reader hears which one is checked.
 */
export function OrganizationSwitcher({ me, onSwitching }: { me: Me; onSwitching: (switching: boolean) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = me.organization;
  const switchTo = useMutation({
    mutationFn: async (organizationId: string) => {
      // The page of the organization being left goes off screen first (see AppShell).
      flushSync(() => onSwitching(true));
      return unwrap(await api.api.accounts.me.organization.$post({ json: { organizationId } }));
    },
    meta: { errorToast: "Could not switch organization" },
    onError: () => onSwitching(false),
    onSuccess: async (next) => {
      // Every cached answer was for the other organization: drop them all; what is shown next
      // (the shell, the new role's dashboard) fetches its own.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQuery.queryKey[0] });
      queryClient.setQueryData(meQuery.queryKey, next);
      const home = next.organization ? homeFor(next.organization.kind) : null;
      // A new path brings the page back by itself (AppShell); the same path is shown again here.
      if (home && home !== pathname) await navigate(home);
      else onSwitching(false);
      if (next.organization) toast.success(`Now acting for ${next.organization.name}`);
    },
  });

  if (me.organizations.length < 2) return null;
  return (
    // Not modal: the page behind is not hidden from assistive technology while it is still focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="max-w-56"
          aria-label={`Organization: ${active ? `${active.name}, ${roleIn(active)}` : "none"}. Switch organization`}
          disabled={switchTo.isPending}
          data-testid="organization-switcher"
        >
          {active?.kind === "facility" ? <Building2 aria-hidden /> : <GraduationCap aria-hidden />}
          <span className="hidden truncate md:inline">{active?.name ?? "Choose organization"}</span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-72 rounded-md border border-border bg-white p-1 shadow-md"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
            Switch organization
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={active?.id ?? ""}
            onValueChange={(id) => {
              if (id !== active?.id) switchTo.mutate(id);
            }}
          >
            {me.organizations.map((org) => (
              <DropdownMenu.RadioItem
                key={org.id}
                value={org.id}
                className="flex cursor-pointer items-start gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted"
              >
                <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-medium">{org.name}</span>
                  <span className="block text-xs text-muted-foreground">{roleIn(org)}</span>
                </span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
