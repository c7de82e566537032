import { useQuery } from "@tanstack/react-query";
import { Building2, Download, GraduationCap, SearchX } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { LoadError } from "@/web/components/list-page/load-error";
import { Pagination } from "@/web/components/pagination";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { Select } from "@/web/components/ui/select";
import { Table, TBody, TD, TH, THead, TR } from "@/web/components/ui/table";
import { downloadFile } from "@/web/lib/download";
import { formatDate } from "@/web/lib/format";
import {
  type OrganizationFilter,
  type OrganizationKind,
  organizationsExportUrl,
  organizationsQuery,
  useDecideOrganization,
  type VerificationStatus,
} from "../api";

const STATUS_BADGE = { pending: "warning", verified: "success", rejected: "destructive" } as const;
const STATUS_LABEL = { pending: "Pending", verified: "Verified", rejected: "Rejected" } as const;
const SEARCH_DEBOUNCE_MS = 300;

const COPY = {
  program: {
    title: "Programs",
    description: "Nursing programs on the platform: verify new ones so they can submit applications",
    noun: "program",
    plural: "programs",
    countLabel: "Students",
    icon: GraduationCap,
  },
  facility: {
    title: "Facilities",
    description: "Healthcare facilities on the platform: verify new ones so they can receive applications",
    noun: "facility",
    plural: "facilities",
    countLabel: "Active placements",
    icon: Building2,
  },
} as const;

type Decision = "verify" | "reject";

/** Verify or reject, after a confirmation dialog. */
function DecisionButton({ id, name, decision }: { id: string; name: string; decision: Decision }) {
  const [open, setOpen] = useState(false);
  const decide = useDecideOrganization();
  const verify = decision === "verify";

  function onConfirm() {
    decide.mutate(
      { id, decision },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(verify ? "Organization verified" : "Organization rejected", { description: name });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant={verify ? "default" : "outline"}
          aria-label={`${verify ? "Verify" : "Reject"} ${name}`}
        >
          {verify ? "Verify" : "Reject"}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{verify ? `Verify ${name}?` : `Reject ${name}?`}</DialogTitle>
        <DialogDescription>
          {verify
            ? "Its coordinators can then submit or receive applications. They are told by email."
            : "It stays unable to submit or receive applications. Its coordinators are told by email."}
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant={verify ? "default" : "destructive"} disabled={decide.isPending} onClick={onConfirm}>
            {verify ? "Verify" : "Reject"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** D2: an administrator's list of nursing programs or facilities, to verify or reject the pending ones. */
export function OrganizationsPage({ kind }: { kind: OrganizationKind }) {
  const copy = COPY[kind];
  const [filter, setFilter] = useState<OrganizationFilter>({ kind, page: 1 });
  const [searchText, setSearchText] = useState("");
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const ids = { search: useId(), status: useId() };
  const list = useQuery(organizationsQuery(filter));
  const filtersActive = Boolean(filter.search || filter.status);

  function onSearch(value: string) {
    setSearchText(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(
      () => setFilter((f) => ({ ...f, search: value.trim() || undefined, page: 1 })),
      SEARCH_DEBOUNCE_MS,
    );
  }

  function clearFilters() {
    setSearchText("");
    clearTimeout(searchTimer.current);
    setFilter({ kind, page: 1 });
  }

  const { page: _page, ...exportFilter } = filter;

  return (
    <>
      <PageHeader
        title={copy.title}
        description={copy.description}
        actions={
          <Button
            variant="outline"
            onClick={() =>
              downloadFile(
                organizationsExportUrl(exportFilter),
                `${copy.plural}-${new Date().toISOString().slice(0, 10)}.csv`,
              )
            }
          >
            <Download aria-hidden />
            Export CSV
          </Button>
        }
      />

      <search aria-label={`Filter ${copy.plural}`} className="mb-4 grid gap-3 sm:grid-cols-[2fr_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.search}>Search {copy.plural}</Label>
          <Input
            id={ids.search}
            type="search"
            placeholder="Name, city or state"
            value={searchText}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.status}>Status</Label>
          <Select
            id={ids.status}
            value={filter.status ?? ""}
            onChange={(e) =>
              setFilter({ ...filter, status: (e.target.value || undefined) as VerificationStatus | undefined, page: 1 })
            }
          >
            <option value="">All (pending first)</option>
            <option value="pending">Pending</option>
            <option value="verified">Verified</option>
            <option value="rejected">Rejected</option>
          </Select>
        </div>
      </search>

      {list.isPending ? (
        <Loading label={`Loading ${copy.plural}...`} />
      ) : list.isError ? (
        <LoadError what={copy.plural} query={list} />
      ) : list.data.total === 0 && !filtersActive ? (
        <EmptyState icon={copy.icon} title={`No ${copy.plural} yet`}>
          <p>{copy.title} appear here when their coordinators sign up.</p>
        </EmptyState>
      ) : list.data.total === 0 ? (
        <EmptyState icon={SearchX} title={`No ${copy.plural} match`}>
          <p className="mb-3">No {copy.noun} matches these filters.</p>
          <Button variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        </EmptyState>
      ) : (
        <>
          <Table aria-label={copy.title} aria-busy={list.isFetching}>
            <THead>
              <TR>
                <TH>Name</TH>
                <TH>Location</TH>
                <TH>Status</TH>
                <TH>Coordinators</TH>
                <TH>{copy.countLabel}</TH>
                <TH>Joined</TH>
                <TH actions>
                  <span className="sr-only">Actions</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {list.data.items.map((o) => (
                <TR key={o.id}>
                  <TD className="font-medium">{o.name}</TD>
                  <TD>
                    {[o.city, o.state].filter(Boolean).join(", ") || (
                      <span className="text-muted-foreground">Not given</span>
                    )}
                  </TD>
                  <TD>
                    <Badge variant={STATUS_BADGE[o.status]}>{STATUS_LABEL[o.status]}</Badge>
                  </TD>
                  <TD>{o.coordinators}</TD>
                  <TD>{kind === "program" ? o.students : o.activePlacements}</TD>
                  <TD className="whitespace-nowrap">{formatDate(o.createdAt)}</TD>
                  <TD actions>
                    <div className="flex flex-wrap justify-end gap-2">
                      {o.status !== "verified" ? <DecisionButton id={o.id} name={o.name} decision="verify" /> : null}
                      {o.status !== "rejected" ? <DecisionButton id={o.id} name={o.name} decision="reject" /> : null}
                    </div>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <Pagination
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(page) => setFilter({ ...filter, page })}
          />
        </>
      )}
    </>
  );
}

export const ProgramsPage = () => <OrganizationsPage kind="program" />;
export const FacilitiesPage = () => <OrganizationsPage kind="facility" />;
