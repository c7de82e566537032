import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { InvitationCard, InvitationProblem, SetPasswordStep } from "@/web/components/invitation-card";
import { useNewPasswordForm } from "@/web/components/new-password-fields";
import { CardDescription } from "@/web/components/ui/card";
import { ApiError } from "@/web/lib/api-client";
import { failSubmit } from "@/web/lib/api-errors";
import { meQuery } from "@/web/lib/session";
import { acceptInvitation, invitationQuery } from "../api";

const SIGN_IN = { to: "/auth?role=student", text: "Go to student sign in" };

/** /invite/:token: a student sets their password from the program's invitation and lands on their dashboard (D3). */
export default function InvitePage() {
  const { token = "" } = useParams();
  const invitation = useQuery(invitationQuery(token));

  return (
    <InvitationCard
      query={invitation}
      notFound="Check that you opened the whole link from the email, or ask your program coordinator to send a new invitation."
      signIn={SIGN_IN}
    >
      {(data) =>
        data.state === "valid" ? (
          <SetPassword token={token} invitation={data} />
        ) : (
          <InvitationProblem title={PROBLEM_TITLES[data.state]} message={data.message ?? ""} signIn={SIGN_IN} />
        )
      }
    </InvitationCard>
  );
}

const PROBLEM_TITLES = {
  used: "This invitation was already used",
  expired: "This invitation has expired",
  // The program is pending verification or was rejected: its links never create an account.
  unverified: "This program cannot invite students",
} as const;

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
    <SetPasswordStep
      intro={
        <CardDescription>
          Welcome, {invitation.firstName}! {invitation.programName} invited you to the Clinical Placement Portal.
        </CardDescription>
      }
      email={invitation.email}
      form={form}
      ids={{ password: "invite-password", confirm: "invite-confirm" }}
      onSubmit={submit}
      busyText="Creating account..."
    />
  );
}
