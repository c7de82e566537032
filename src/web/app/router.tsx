import { Component, type ReactNode, Suspense, useEffect } from "react";
import { matchRoutes, Navigate, type RouteObject, useLocation, useParams, useRoutes } from "react-router";
import { documentTitle, route } from "@/domain/web-routes";
import { useToasterWanted } from "@/web/lib/toasts";
import { LazyRoute, once, page, preloadMatches } from "./lazy-route";

/** D5: the prototype's /facility/... links go to /dashboard/facility/... */
function FacilityRedirect() {
  const params = useParams();
  return <Navigate to={`/dashboard/facility/${params["*"] ?? ""}`} replace />;
}

const loadToaster = once(async () => (await import("./toaster")).AppToaster);

/**
 * Every other page (the signed-in area, invitations, password reset, 'not found') has its own route
 * table, loaded with the first of them (app-area-routes.tsx, ADR 028): this table is in the entry
 * every public page loads, and it stays the same size as the app gains pages.
 */
const loadAppArea = once(() => import("./app-area-routes"));
const appArea: RouteObject = {
  path: "*",
  element: <LazyRoute load={once(async () => (await loadAppArea()).AppAreaRoutes)} />,
  handle: { preload: async (pathname: string) => (await loadAppArea()).preloadAppAreaRoutes(pathname) },
};

export const routes: RouteObject[] = [
  // Static pages: no API, no providers (issue 11, public pages' weight).
  { path: route("/"), ...page(() => import("@/web/features/landing/pages/landing-page")) },
  { path: route("/student"), ...page(() => import("@/web/features/landing/pages/student-landing-page")) },
  { path: route("/terms"), ...page(() => import("@/web/features/landing/pages/terms-page")) },
  { path: route("/privacy"), ...page(() => import("@/web/features/landing/pages/privacy-page")) },
  // Sign-in asks the API without the query client, and toasts only after a submit (lib/toasts.ts):
  // it loads TanStack Query and sonner when they are needed, not on arrival (ADR 018).
  { path: route("/auth"), ...page(() => import("@/web/features/auth/pages/auth-page")) },
  { path: route("/facility/*"), element: <FacilityRedirect /> },
  appArea,
];

/**
 * A page whose code could not load (offline, or a deploy replaced its chunk) says so instead of
 * leaving an empty screen (another address renders as usual; reloading fetches the code again).
 */
class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { failed: string | null }> {
  state = { failed: null as string | null };
  static getDerivedStateFromError() {
    return { failed: "" };
  }
  componentDidCatch() {
    this.setState({ failed: this.props.pathname });
  }
  render() {
    if (this.state.failed === null || (this.state.failed && this.state.failed !== this.props.pathname)) {
      return this.props.children;
    }
    return (
      <div role="alert" className="p-8 text-center">
        This page could not load. Check your connection and{" "}
        <button type="button" className="underline" onClick={() => window.location.reload()}>
          reload
        </button>
        .
      </div>
    );
  }
}

/** Loads the code of every route `pathname` matches (main.tsx: before the first render). */
export async function preloadRoutes(pathname: string) {
  await preloadMatches(matchRoutes(routes, pathname), pathname);
}

/** Every path comes from src/domain/web-routes.ts (the server answers 404 for others); so does each page's title. */
export function AppRoutes() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  // The toaster mounts with the first page under the providers (providers.tsx) or the first toast of
  // /auth, and stays (AppToaster).
  const toaster = useToasterWanted();
  return (
    <>
      <RouteErrorBoundary pathname={pathname}>
        <Suspense fallback={null}>{useRoutes(routes)}</Suspense>
      </RouteErrorBoundary>
      {toaster ? (
        <Suspense fallback={null}>
          <LazyRoute load={loadToaster} />
        </Suspense>
      ) : null}
    </>
  );
}
