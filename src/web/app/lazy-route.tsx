import type { ComponentType } from "react";
import { use } from "react";
import type { RouteObject } from "react-router";

type Tracked<T> = Promise<T> & { status?: "fulfilled" | "rejected"; value?: T; reason?: unknown };
/** What `preloadRoutes` calls for a matched route; the app's routes (ADR 028) preload their own match. */
export type Preload = (pathname: string) => Promise<unknown>;
// biome-ignore lint/suspicious/noExplicitAny: each route's component takes its own props, passed as given
type AnyComponent = ComponentType<any>;

/** `load` once, its promise carrying its outcome the way React's `use` reads it (no suspending once loaded). */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Tracked<T> | undefined;
  return () => {
    if (!loading) {
      const started: Tracked<T> = load();
      started.then(
        (value) => {
          started.status = "fulfilled";
          started.value = value;
        },
        (reason) => {
          started.status = "rejected";
          started.reason = reason;
        },
      );
      loading = started;
    }
    return loading;
  };
}

export function LazyRoute({ load, props }: { load: () => Promise<AnyComponent>; props?: object }) {
  const Component = use(load());
  return <Component {...props} />;
}

/**
 * Route-level code splitting in declarative routing (ADR 017): the route's component loads when the
 * route first renders, or before by `preload` (main.tsx preloads the first page's routes, so its
 * first render replaces the prerendered markup at once). Navigations are transitions
 * (BrowserRouter): the current page stays on screen while the next one loads.
 */
export function lazyRoute<P extends object>(
  load: () => Promise<ComponentType<P>>,
  props?: P,
): Pick<RouteObject, "element" | "handle"> {
  const preload = once(load);
  return { element: <LazyRoute load={preload} props={props} />, handle: { preload } };
}

/** A page that is its module's default export, as its own chunk. */
export const page = (load: () => Promise<{ default: ComponentType }>) => lazyRoute(async () => (await load()).default);

/** Loads the code of every matched route (`matchRoutes`' answer for `pathname`). */
export async function preloadMatches(matches: { route: RouteObject }[] | null, pathname: string): Promise<unknown[]> {
  return Promise.all(
    (matches ?? []).map((m) => (m.route.handle as { preload?: Preload } | undefined)?.preload?.(pathname)),
  );
}
