import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { NewPasswordFields, useNewPasswordForm } from "@/web/components/new-password-fields";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { ApiError } from "@/web/lib/api-client";
import { failSubmit } from "@/web/lib/api-errors";
import { meQuery } from "@/web/lib/session";
import { acceptInvitation, invitationQuery } from "../api";

/** /invite/:token: a student sets their password from the program's invitation and lands on their dashboard (D3). */
export default function InvitePage() {
  const { token = "" } = useParams();
  const invitation = useQuery(invitationQuery(token));

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-teal-50 to-slate-100 p-4">
      <Card className="w-full max-w-md">
        {invitation.isPending ? (
          <CardContent className="pt-6">
            <Loading />
          </CardContent>
        ) : invitation.isError ? (
          <Problem
            title="This invitation link is not valid"
            message={
              invitation.error instanceof ApiError && invitation.error.status === 404
                ? "Check that you opened the whole link from the email, or ask your program coordinator to send a new invitation."
                : `We could not check this invitation: ${invitation.error.message}`
            }
          />
        ) : invitation.data.state === "valid" ? (
          <SetPassword token={token} invitation={invitation.data} />
        ) : (
          <Problem title={PROBLEM_TITLES[invitation.data.state]} message={invitation.data.message ?? ""} />
        )}
      </Card>
    </main>
  );
}

const PROBLEM_TITLES = {
  used: "This invitation was already used",
  expired: "This invitation has expired",
  // The program is pending verification or was rejected: its links never create an account.
  unverified: "This program cannot invite students",
} as const;

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <>
      <CardHeader className="text-center">
        <CardTitle as="h1" className="text-2xl">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-center">
        <p role="alert">{message}</p>
        <Button asChild>
          <Link to="/auth?role=student">Go to student sign in</Link>
        </Button>
      </CardContent>
    </>
  );
}

function SetPassword({
  token,
  invitation,
}: {
  token: string;
  invitation: { firstName: string; programName: string; email: string | null };
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useNewPasswordForm();
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await acceptInvitation(token, values.password);
      toast.success("Account created!", {
        description: `Welcome to Clinical Placement Portal. Your program: ${result.programName}`,
      });
      await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
      navigate(result.redirectTo, { replace: true });
    } catch (err) {
      failSubmit(form, err, { fields: ["password"], title: "Sign up failed" });
      if (err instanceof ApiError && (err.status === 410 || err.status === 403))
        await queryClient.invalidateQueries({ queryKey: ["invitation", token] });
    }
  });

  return (
    <>
      <CardHeader className="text-center">
        <CardTitle as="h1" className="text-2xl">
          Set your password
        </CardTitle>
        <CardDescription>
          Welcome, {invitation.firstName}! {invitation.programName} invited you to the Clinical Placement Portal.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {invitation.email ? (
            <p className="text-sm">
              Your account's email: <strong className="break-all">{invitation.email}</strong>
            </p>
          ) : null}
          <NewPasswordFields form={form} ids={{ password: "invite-password", confirm: "invite-confirm" }} />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Creating account..." : "Set password and continue"}
          </Button>
        </form>
      </CardContent>
    </>
  );
}
