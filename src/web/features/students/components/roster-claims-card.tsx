import { useQuery } from "@tanstack/react-query";
import { Flag } from "lucide-react";
import { toast } from "sonner";
import { LoadError } from "@/web/components/list-page/load-error";
import { useStudentReadOnly } from "@/web/components/student-page";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { formatDate } from "@/web/lib/format";
import { myRosterClaimsQuery, useReportRosterClaim } from "../student-profile-api";

/**
 * Which program the account is linked to, and which other programs list the student's email on
 * their roster (name and date added only). "Not my program" reports one to the administrators.
 */
export function RosterClaimsCard() {
  const readOnly = useStudentReadOnly();
  const claims = useQuery(myRosterClaimsQuery);
  const report = useReportRosterClaim();

  async function notMine(id: string, programName: string) {
    try {
      const res = await report.mutateAsync(id);
      toast.success(`Reported ${programName}`, { description: res.message });
    } catch {
      // The mutation cache toasted it, titled "Could not send the report" (useReportRosterClaim's meta).
    }
  }

  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle as="h2">Programs listing your email</CardTitle>
        <CardDescription>
          Your account is linked to one program: only that program sees your profile and accommodation requests.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {claims.isPending ? (
          <Loading />
        ) : claims.isError ? (
          <LoadError what="your programs" query={claims} />
        ) : (
          <>
            <p>
              Linked to <strong>{claims.data.linked ? claims.data.linked.programName : "no program"}</strong>
              {claims.data.linked?.linkedAt ? ` since ${formatDate(claims.data.linked.linkedAt)}` : null}.
            </p>
            {claims.data.others.length === 0 ? (
              <p className="text-muted-foreground">No other program lists your email on its roster.</p>
            ) : (
              <div className="grid gap-2">
                <p className="text-muted-foreground">
                  These programs also list your email on their roster. They cannot see your account. If one is not
                  yours, tell the administrators.
                </p>
                <ul className="grid gap-2">
                  {claims.data.others.map((o) => (
                    <li
                      key={o.rosterEntryId}
                      className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
                    >
                      <span className="grid gap-0.5">
                        <span className="font-medium">{o.programName}</span>
                        <span className="text-xs text-muted-foreground">Added on {formatDate(o.addedAt)}</span>
                      </span>
                      {o.reportedAt ? (
                        <Badge variant="warning">Reported {formatDate(o.reportedAt)}</Badge>
                      ) : readOnly ? null : (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={report.isPending}
                          onClick={() => notMine(o.rosterEntryId, o.programName)}
                          aria-label={`Not my program: ${o.programName}`}
                        >
                          <Flag aria-hidden /> Not my program
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
