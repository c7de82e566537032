import { lazy, Suspense, useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { homeFor } from "@/domain/roles";
import { Loading } from "@/web/components/ui/loading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { actingRole, fetchMe, type Me } from "@/web/lib/me";
import { loadToasts } from "@/web/lib/toasts";
import { LoginForm } from "../components/login-form";
import { destinationFor, fetchSignedIn } from "../signed-in";

// The sign-up forms load when their tab opens (signing in is what most visitors came for), with the
// toasts they show (issue 11).
const SignUpForm = lazy(async () => {
  const [m] = await Promise.all([import("../components/sign-up-form"), loadToasts()]);
  return { default: m.SignUpForm };
});
const StudentSignUpForm = lazy(async () => {
  const [m] = await Promise.all([import("../components/student-sign-up-form"), loadToasts()]);
  return { default: m.StudentSignUpForm };
});

const PRERENDERING = typeof window === "undefined";

/**
 * Who is signed in, asked once on arrival (undefined meanwhile, null for nobody), without TanStack
 * Query: /auth loads it only once someone signs in (issue 11, public pages' weight).
 */
function useSignedInUser() {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    fetchMe().then(
      (user) => current && setMe(user),
      () => current && setMe(null),
    );
    return () => {
      current = false;
    };
  }, []);
  return me;
}

export default function AuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useSignedInUser();
  const isStudent = params.get("role") === "student";
  const initialTab = params.get("mode") === "signup" ? "signup" : "login";

  // Spec section 2: a signed-in user with a known role is sent on; a student is not redirected. The
  // form shows while that is being asked (the page is prerendered: it paints before any script).
  const home = homeFor(me ? actingRole(me) : null);
  if (home) return <Navigate to={home} replace />;

  async function afterSignIn() {
    navigate(destinationFor(await fetchSignedIn()), { replace: true });
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-teal-50 to-slate-100 p-4">
      {/* ui/card.tsx's look, written out: its components merge classes with tailwind-merge, which
          /auth does not load (issue 11). */}
      <section className="w-full max-w-md rounded-lg border border-border bg-white shadow-sm">
        <div className="flex flex-col gap-1 p-5 pb-3 text-center">
          <h1 className="text-2xl font-semibold leading-tight">Clinical Placement Portal</h1>
          <p className="text-sm text-muted-foreground">
            {isStudent
              ? "Student sign in, or create your account with your program's roster email"
              : "Sign in or create an account for your program or facility"}
          </p>
        </div>
        <div className="p-5 pt-0">
          {/* Prerendered at build time (no window): the form is shown but cannot be used until the app
              takes over, so nothing typed is lost and no browser-native submit (password in the URL)
              can happen. In the browser it is never disabled by this. */}
          <fieldset disabled={PRERENDERING} className="contents">
            {me?.role === "student" ? (
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
        </div>
      </section>
    </main>
  );
}
