import type { UseQueryResult } from "@tanstack/react-query";
import type { FormEventHandler, ReactNode } from "react";
import type { UseFormReturn } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { ApiError } from "@/web/lib/api-client";
import { NewPasswordFields, type NewPasswordValues } from "./new-password-fields";

// The pages an invitation's link opens (a program's to a student, a facility's to a preceptor):
// one card, first checking the link, then what it allows or why it cannot be used.

/** Where a page's problems send the visitor: the sign-in page, in the invitee's role where it has one. */
export type SignInLink = { to: string; text: string };

/**
 * The card while the link is checked, and when it could not be (`notFound`: what to do about an
 * unknown link); `children` renders the link's state once known.
 */
export function InvitationCard<T>({
  query,
  notFound,
  signIn,
  children,
}: {
  query: UseQueryResult<T>;
  notFound: string;
  signIn: SignInLink;
  children: (data: T) => ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-teal-50 to-slate-100 p-4">
      <Card className="w-full max-w-md">
        {query.isPending ? (
          <CardContent className="pt-6">
            <Loading />
          </CardContent>
        ) : query.isError ? (
          <InvitationProblem
            title="This invitation link is not valid"
            message={
              query.error instanceof ApiError && query.error.status === 404
                ? notFound
                : `We could not check this invitation: ${query.error.message}`
            }
            signIn={signIn}
          />
        ) : (
          children(query.data)
        )}
      </Card>
    </main>
  );
}

/** The card's heading (the page's h1) and, below it, who invites whom. */
export function InvitationHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <CardHeader className="text-center">
      <CardTitle as="h1" className="text-2xl">
        {title}
      </CardTitle>
      {children}
    </CardHeader>
  );
}

/** A link that cannot be used (unknown, used, expired, withdrawn): why, and the way to sign in. */
export function InvitationProblem({ title, message, signIn }: { title: string; message: string; signIn: SignInLink }) {
  return (
    <>
      <InvitationHeading title={title} />
      <CardContent className="grid gap-4 text-center">
        <p role="alert">{message}</p>
        <Button asChild>
          <Link to={signIn.to}>{signIn.text}</Link>
        </Button>
      </CardContent>
    </>
  );
}

/** A new account's step: the email it is for, the password and its confirmation, and the submit. */
export function SetPasswordStep({
  intro,
  email,
  form,
  ids,
  onSubmit,
  busyText,
}: {
  /** Who invites whom (a CardDescription). */
  intro: ReactNode;
  email: string | null;
  form: UseFormReturn<NewPasswordValues>;
  ids: { password: string; confirm: string };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's text while the account is created. */
  busyText: string;
}) {
  const { isSubmitting } = form.formState;
  return (
    <>
      <InvitationHeading title="Set your password">{intro}</InvitationHeading>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {email ? (
            <p className="text-sm">
              Your account's email: <strong className="break-all">{email}</strong>
            </p>
          ) : null}
          <NewPasswordFields form={form} ids={ids} />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? busyText : "Set password and continue"}
          </Button>
        </form>
      </CardContent>
    </>
  );
}
