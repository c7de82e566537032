import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ROLE_LABELS } from "@/domain/roles";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { PageHeader } from "@/web/components/ui/page-header";
import { authClient } from "@/web/lib/auth-client";
import { formatDate } from "@/web/lib/format";
import { useMe } from "@/web/lib/session";
import { TwoFactorCard } from "../components/two-factor-card";

export default function AccountPage() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!me.data) return <Loading />;
  const { user, profile, role, organization, accessRequest } = me.data;

  async function signOutEverywhere() {
    await authClient.revokeSessions().catch(() => undefined);
    await authClient.signOut().catch(() => undefined);
    queryClient.clear();
    toast.success("Signed out", { description: "You have been logged out on all devices" });
    navigate("/", { replace: true });
  }

  return (
    <>
      <PageHeader title="Account and security" description="Your profile, two-factor authentication and sessions" />
      {/* A grid item is as wide as its longest word by default: a long email would push the page sideways. */}
      <div className="grid gap-6 *:min-w-0 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Profile</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm wrap-anywhere">
              <dt className="text-muted-foreground">Name</dt>
              <dd>{profile.fullName}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd>{user.email}</dd>
              <dt className="text-muted-foreground">Role</dt>
              <dd>{role ? ROLE_LABELS[role] : "None yet"}</dd>
              <dt className="text-muted-foreground">Organization</dt>
              <dd>
                {organization ? (
                  <>
                    {organization.name}{" "}
                    <Badge variant={organization.verificationStatus === "verified" ? "success" : "warning"}>
                      {organization.verificationStatus === "verified" ? "Verified" : "Pending verification"}
                    </Badge>
                  </>
                ) : (
                  profile.organizationName || "—"
                )}
              </dd>
            </dl>
            {accessRequest ? (
              <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="status">
                Administrator access requested on {formatDate(accessRequest.createdAt)}:{" "}
                <strong>
                  {accessRequest.status === "pending" ? "awaiting a super admin's decision" : accessRequest.status}
                </strong>
                .
              </p>
            ) : null}
          </CardContent>
        </Card>
        <TwoFactorCard enabled={user.twoFactorEnabled} />
        <Card>
          <CardHeader>
            <CardTitle>Sessions</CardTitle>
            <CardDescription>Signed in on a shared or lost device? Sign out everywhere.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={signOutEverywhere}>
              Sign out of all devices
            </Button>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
