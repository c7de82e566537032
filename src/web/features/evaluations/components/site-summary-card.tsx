import { useQuery } from "@tanstack/react-query";
import { LoadError } from "@/web/components/list-page/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { siteSummaryQuery } from "../api";

/**
 * What students say about the facility: only aggregated and anonymous (averages per question, the
 * comments without names or dates), and only once at least five have evaluated the site.
 */
export function SiteSummaryCard({ facilityId }: { facilityId?: string }) {
  const query = useQuery(siteSummaryQuery(facilityId));
  return (
    <Card aria-labelledby="site-summary-title">
      <CardHeader>
        <CardTitle id="site-summary-title">What students say about your site</CardTitle>
        <CardDescription>
          Anonymous: averages and comments of every student's site evaluation, without names or dates
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Loading label="Loading the site evaluations..." className="min-h-24" />
        ) : query.isError ? (
          <LoadError what="the site evaluations" query={query} />
        ) : !query.data.shown ? (
          <p className="text-sm">
            {query.data.message}{" "}
            <span className="text-muted-foreground">
              ({query.data.submitted} of {query.data.minimum} so far)
            </span>
          </p>
        ) : (
          <div className="grid gap-6">
            <p className="text-sm text-muted-foreground">{query.data.submitted} students have evaluated your site.</p>
            <table className="w-full text-sm">
              <caption className="sr-only">Average rating per question</caption>
              <thead>
                <tr className="border-b text-left">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Question
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Average
                  </th>
                  <th scope="col" className="hidden py-2 font-medium sm:table-cell">
                    Responses
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.questions.map((q) => (
                  <tr key={`${q.label}-${q.scale}`} className="border-b last:border-0">
                    <td className="py-2 pr-3">{q.label}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <span className="font-semibold">{q.average.toFixed(1)}</span> of {q.scale}
                      <div
                        className="mt-1 h-1.5 w-24 rounded bg-muted"
                        role="img"
                        aria-label={`${q.average.toFixed(1)} of ${q.scale}`}
                      >
                        <div
                          className="h-1.5 rounded bg-primary"
                          style={{ width: `${(q.average / q.scale) * 100}%` }}
                        />
                      </div>
                    </td>
                    <td className="hidden py-2 sm:table-cell">{q.responses}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div>
              <h3 className="mb-2 font-medium">Comments</h3>
              {query.data.comments.length === 0 ? (
                <p className="text-sm text-muted-foreground">No comments yet.</p>
              ) : (
                <ul className="grid gap-2">
                  {query.data.comments.map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: anonymous comments have no id by design
                    <li key={i} className="rounded-md bg-muted p-3 text-sm whitespace-pre-wrap">
                      {c}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
