import type { UseQueryResult } from "@tanstack/react-query";
import { Building2, CalendarDays, Cpu, MapPin, Sparkles } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { dateRangeLabel } from "@/domain/placements";
import { LoadError } from "@/web/components/list-page/load-error";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Loading } from "@/web/components/ui/loading";
import { MODEL_REFUSALS, modelRefusal, type Recommendation, type Recommendations } from "../api";

// Recommended placements (issue 13): each card shows the placement, its match percent and reason,
// the factors behind the score on demand, and the page's own action (apply, submit). The same list
// serves the student's dashboard and placements page and the coordinator's student page.

type Voice = "student" | "coordinator";

const refusalsShown = new WeakSet<object>();

/** The model's refusal, once per error: the prototype's toast (429 destructive), besides the inline message. */
function useRefusalToast(error: unknown) {
  useEffect(() => {
    const refusal = modelRefusal(error);
    if (!refusal || typeof error !== "object" || error === null || refusalsShown.has(error)) return;
    refusalsShown.add(error);
    if (refusal === MODEL_REFUSALS[429]) toast.error(refusal.title, { description: refusal.description });
    else toast(refusal.title, { description: refusal.description });
  }, [error]);
}

/** Who wrote the reasons (PRODUCT.md D12: the mode is always visible). */
export function RecommendationMode({ data }: { data: Recommendations }) {
  const text =
    data.mode === "model"
      ? `Reasons reworded by the language model ${data.model ?? ""}; scores and order come from the portal's matching engine.`
      : data.fallback
        ? "Reasons by the portal's matching engine: the language model did not answer this time."
        : "Scores and reasons by the portal's matching engine, from the factors shown with each match.";
  const Icon = data.mode === "model" ? Sparkles : Cpu;
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="recommendation-mode">
      <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>
        <span className="font-medium">{data.mode === "model" ? "Model mode" : "Engine mode"}:</span> {text}
      </span>
    </p>
  );
}

/** The list with its loading, error and empty states. */
export function RecommendationList({
  query,
  voice,
  show = 10,
  action,
  empty,
  label = "Recommended placements",
  listClassName = "grid gap-3",
}: {
  query: Pick<UseQueryResult<Recommendations, Error>, "data" | "error" | "isPending" | "isError" | "refetch">;
  voice: Voice;
  /** How many cards show before 'Show all'. */
  show?: number;
  action?: (item: Recommendation) => ReactNode;
  /** What the empty state says beyond its title. */
  empty?: ReactNode;
  label?: string;
  /** The list's layout (one column unless told otherwise). */
  listClassName?: string;
}) {
  useRefusalToast(query.error);
  const [all, setAll] = useState(false);
  const listId = useId();
  if (query.isPending) return <Loading label="Finding placements that match..." className="min-h-24" />;
  if (query.isError) {
    const refusal = modelRefusal(query.error);
    if (refusal) {
      return (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-medium">{refusal.title}</p>
          <p>{refusal.description}</p>
        </div>
      );
    }
    return <LoadError what="recommendations" query={query} />;
  }
  const data = query.data;
  if (!data) return null;
  if (data.items.length === 0) {
    return (
      <div className="grid gap-3">
        <EmptyState icon={Sparkles} title="No recommendations right now">
          {empty ??
            (voice === "student"
              ? "No open placement with spots left fits you at the moment."
              : "No open placement with spots left fits this student at the moment.")}
        </EmptyState>
        <RecommendationMode data={data} />
      </div>
    );
  }
  const items = all ? data.items : data.items.slice(0, show);
  return (
    <div className="grid gap-3">
      <ul id={listId} className={listClassName} aria-label={label}>
        {items.map((item) => (
          <li key={item.placement.id}>
            <RecommendationCard item={item} action={action?.(item)} />
          </li>
        ))}
      </ul>
      {data.items.length > show ? (
        <div>
          <Button variant="outline" size="sm" aria-expanded={all} aria-controls={listId} onClick={() => setAll(!all)}>
            {all ? "Show fewer" : `Show all ${data.items.length}`}
          </Button>
        </div>
      ) : null}
      <RecommendationMode data={data} />
    </div>
  );
}

/** One recommendation: title, facility, city, dates, match percent, reason, its factors, the action. */
export function RecommendationCard({ item, action }: { item: Recommendation; action?: ReactNode }) {
  const id = useId();
  const p = item.placement;
  const where = [p.facility.city, p.facility.state].filter(Boolean).join(", ");
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex h-full flex-col gap-2 rounded-md border border-border bg-white p-3 text-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${id}-title`} className="min-w-0 break-words font-medium">
          {p.title}
        </h3>
        <Badge variant="success" className="shrink-0">
          {item.match_score}% match
        </Badge>
      </div>
      <dl className="grid gap-1 text-muted-foreground">
        <Fact icon={Building2} term="Facility">
          {p.facility.name}
          {p.department ? ` · ${p.department.name}` : ""}
        </Fact>
        {where ? (
          <Fact icon={MapPin} term="Location">
            {where}
          </Fact>
        ) : null}
        <Fact icon={CalendarDays} term="Dates">
          {dateRangeLabel(p.startDate, p.endDate)} · {p.durationWeeks} weeks · {p.specialty}
        </Fact>
      </dl>
      <p className="break-words" data-testid="recommendation-reason">
        <span className="sr-only">Why: </span>
        {item.reason}
      </p>
      <details className="group rounded-md bg-muted/60 px-3 py-2">
        <summary className="cursor-pointer select-none font-medium text-primary">
          How the {item.match_score}% is made<span className="sr-only"> for {p.title}</span>
        </summary>
        <ul className="mt-2 grid gap-2" aria-label={`Factors of the match with ${p.title}`}>
          {item.factors.map((f) => {
            const points = Math.round(f.weight * f.value * 10) / 10;
            return (
              <li key={f.key} className="grid gap-1">
                <div className="flex flex-wrap justify-between gap-x-2">
                  <span className="font-medium">{f.label}</span>
                  <span className="text-muted-foreground">
                    {points} of {f.weight} points
                  </span>
                </div>
                <div className="h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                  <div className="h-full rounded-full bg-primary" style={{ width: `${Math.round(f.value * 100)}%` }} />
                </div>
                <p className="break-words text-xs text-muted-foreground">{f.detail}</p>
              </li>
            );
          })}
        </ul>
        {item.engineReason !== item.reason ? (
          <p className="mt-2 text-xs text-muted-foreground">The engine's own words: {item.engineReason}</p>
        ) : null}
      </details>
      {action ? <div className="mt-auto flex flex-wrap gap-2 pt-1">{action}</div> : null}
    </article>
  );
}

function Fact({ icon: Icon, term, children }: { icon: typeof MapPin; term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <dt className="mt-0.5 shrink-0">
        <Icon className="size-4 text-slate-500" aria-hidden />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
