import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import {
  InvitationCard,
  InvitationHeading,
  InvitationProblem,
  SetPasswordStep,
} from "@/web/components/invitation-card";
import { useNewPasswordForm } from "@/web/components/new-password-fields";
import { Button } from "@/web/components/ui/button";
import { CardContent, CardDescription } from "@/web/components/ui/card";
import { ApiError } from "@/web/lib/api-client";
import { failSubmit, toastError } from "@/web/lib/api-errors";
import { meQuery } from "@/web/lib/session";
import { acceptInvitation, type InvitationLink, invitationLinkQuery } from "../api";

// /preceptor-invite/:token (issue 17): a facility's invitation to precept. A new email sets its
// password and lands on /dashboard/preceptor; an email with an account signs in first and accepts
// (never attached silently).

const PROBLEM_TITLES = {
  used: "This invitation was already accepted",
  expired: "This invitation has expired",
  revoked: "This invitation was withdrawn",
} as const;

const SIGN_IN = { to: "/auth", text: "Go to sign in" };

export default function AcceptPreceptorInvitationPage() {
  const { token = "" } = useParams();
  const link = useQuery(invitationLinkQuery(token));
  return (
    <InvitationCard
      query={link}
      notFound="Check that you opened the whole link from the email (a resent invitation replaces the older link), or ask the facility for a new one."
      signIn={SIGN_IN}
    >
      {(data) =>
        data.state !== "valid" ? (
          <InvitationProblem title={PROBLEM_TITLES[data.state]} message={data.message ?? ""} signIn={SIGN_IN} />
        ) : data.hasAccount ? (
          <AcceptSignedIn token={token} link={data} />
        ) : (
          <SetPassword token={token} link={data} />
        )
      }
    </InvitationCard>
  );
}

function useLand() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (result: { facilityName: string; redirectTo: string }) => {
    toast.success("Invitation accepted", { description: `You are a preceptor at ${result.facilityName}.` });
    await queryClient.resetQueries();
    await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
    navigate(result.redirectTo, { replace: true });
  };
}

function Intro({ link }: { link: InvitationLink }) {
  return (
    <CardDescription>
      Welcome, {link.name}! {link.facilityName} invites you to precept students on their clinical rotations (
      {link.title}).
    </CardDescription>
  );
}

function AcceptSignedIn({ token, link }: { token: string; link: InvitationLink }) {
  const land = useLand();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <InvitationHeading title="Accept your invitation">
        <Intro link={link} />
      </InvitationHeading>
      <CardContent className="grid gap-4">
        {link.signedInAsInvitee ? (
          <>
            <p className="text-sm">
              You are signed in as <strong className="break-all">{link.email}</strong>. Your account keeps what it has
              and adds {link.facilityName}; switch between them from the organization menu.
            </p>
            <Button
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await land(await acceptInvitation(token));
                } catch (err) {
                  toastError(err, "Could not accept");
                  setBusy(false);
                }
              }}
            >
              {busy ? "Accepting..." : "Accept invitation"}
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm">
              An account with <strong className="break-all">{link.email}</strong> already exists. Sign in with it, then
              open the link from the email again to accept.
            </p>
            <Button asChild>
              <Link to="/auth">Sign in as {link.email}</Link>
            </Button>
          </>
        )}
      </CardContent>
    </>
  );
}

function SetPassword({ token, link }: { token: string; link: InvitationLink }) {
  const land = useLand();
  const queryClient = useQueryClient();
  const form = useNewPasswordForm();
  const submit = form.handleSubmit(async (values) => {
    try {
      await land(await acceptInvitation(token, values.password));
    } catch (err) {
      failSubmit(form, err, { fields: ["password"], title: "Could not accept" });
      if (err instanceof ApiError && (err.status === 410 || err.status === 409))
        await queryClient.invalidateQueries({ queryKey: ["preceptor-invitation", token] });
    }
  });
  return (
    <SetPasswordStep
      intro={<Intro link={link} />}
      email={link.email}
      form={form}
      ids={{ password: "preceptor-password", confirm: "preceptor-confirm" }}
      onSubmit={submit}
      busyText="Accepting..."
    />
  );
}
