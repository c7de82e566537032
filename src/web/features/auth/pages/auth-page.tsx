import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { homeFor } from "@/domain/roles";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Loading } from "@/web/components/ui/loading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { actingRole, type Me, meQuery, useMe } from "@/web/lib/session";
import { LoginForm } from "../components/login-form";

// The sign-up forms load when their tab opens: signing in is what most visitors came for (issue 11).
const SignUpForm = lazy(() => import("../components/sign-up-form").then((m) => ({ default: m.SignUpForm })));
const StudentSignUpForm = lazy(() =>
  import("../components/student-sign-up-form").then((m) => ({ default: m.StudentSignUpForm })),
);

/** Where a user goes after signing in: their role's home; students to their dashboard; no role to /account. */
const PRERENDERING = typeof window === "undefined";

export function destinationFor(me: Me | null) {
  if (!me) return "/auth";
  return homeFor(actingRole(me)) ?? (me.role === "student" ? "/dashboard/student" : "/account");
}

export default function AuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const isStudent = params.get("role") === "student";
  const initialTab = params.get("mode") === "signup" ? "signup" : "login";

  // Spec section 2: a signed-in user with a known role is sent on; a student is not redirected. The
  // form shows while that is being asked (the page is prerendered: it paints before any script).
  const home = homeFor(me.data ? actingRole(me.data) : null);
  if (home) return <Navigate to={home} replace />;

  async function afterSignIn() {
    const fresh = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
    navigate(destinationFor(fresh), { replace: true });
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-teal-50 to-slate-100 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Clinical Placement Portal
          </CardTitle>
          <CardDescription>
            {isStudent
              ? "Student sign in, or create your account with your program's roster email"
              : "Sign in or create an account for your program or facility"}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {/* Prerendered at build time (no window): the form is shown but cannot be used until the app
              takes over, so nothing typed is lost and no browser-native submit (password in the URL)
              can happen. In the browser it is never disabled by this. */}
          <fieldset disabled={PRERENDERING} className="contents">
            {me.data?.role === "student" ? (
              <p className="mb-4 rounded-md bg-primary-soft p-3 text-sm">
                You are signed in.{" "}
                <Link className="font-medium underline" to="/dashboard/student">
                  Go to your dashboard
                </Link>
              </p>
            ) : null}
            {isStudent ? (
              <Tabs defaultValue={initialTab}>
                <TabsList>
                  <TabsTrigger value="login">Login</TabsTrigger>
                  <TabsTrigger value="signup">Sign Up</TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm onSignedIn={afterSignIn} showRoleChooser={false} />
                </TabsContent>
                <TabsContent value="signup">
                  <Suspense fallback={<Loading />}>
                    <StudentSignUpForm onSignedUp={afterSignIn} />
                  </Suspense>
                  <p className="mt-4 text-center text-sm text-muted-foreground">
                    Invited by your program? The link in that email lets you set your password directly.
                  </p>
                </TabsContent>
              </Tabs>
            ) : (
              <Tabs defaultValue={initialTab}>
                <TabsList>
                  <TabsTrigger value="login">Login</TabsTrigger>
                  <TabsTrigger value="signup">Sign Up</TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm onSignedIn={afterSignIn} showRoleChooser />
                </TabsContent>
                <TabsContent value="signup">
                  <Suspense fallback={<Loading />}>
                    <SignUpForm onSignedUp={afterSignIn} />
                  </Suspense>
                </TabsContent>
              </Tabs>
            )}
            <p className="mt-6 text-center text-xs text-muted-foreground">
              By signing in, you agree to our{" "}
              <Link to="/terms" className="underline underline-offset-2">
                Terms of Service
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className="underline underline-offset-2">
                Privacy Policy
              </Link>
              .
            </p>
          </fieldset>
        </CardContent>
      </Card>
    </main>
  );
}
