import { AsyncLocalStorage } from "node:async_hooks";

// Issue 11: Better Auth keeps its request context in AsyncLocalStorage. On Node 20 the first
// `run()` of any AsyncLocalStorage turns on a process-wide async hook that stays on: from the
// first sign-in on, every promise the process makes (a request's dozens: Hono, drizzle, pg) pays
// for the hook's init, before and after callbacks: about 7% of a kept read's CPU, measured. Only
// Better Auth's own calls need it. So every call into Better Auth is counted, and when none is in
// flight its storages are disabled, which turns the hook off (Node disables it once no storage is
// enabled); Better Auth's next `run()` enables them again, so its calls see their context as ever.

const BETTER_AUTH_GLOBAL = Symbol.for("better-auth:global");
let inFlight = 0;

/** Better Auth's AsyncLocalStorage instances, kept on its global (endpoint, request state, adapter). */
function betterAuthStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[BETTER_AUTH_GLOBAL];
  return Object.values(global?.context ?? {}).filter(
    (v): v is AsyncLocalStorage<unknown> => v instanceof AsyncLocalStorage,
  );
}

/** Whether the process-wide hook Better Auth's storages need is on (tests look). */
export const authStoragesEnabled = () =>
  betterAuthStorages().some((s) => (s as unknown as { enabled?: boolean }).enabled === true);

async function counted<T>(call: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await call();
  } finally {
    inFlight -= 1;
    if (inFlight === 0) for (const storage of betterAuthStorages()) storage.disable();
  }
}

/**
 * The auth object with `handler` and every `api` endpoint counted: while none runs, Better Auth's
 * storages are off. Everything else (options, `$context`, types) is the object's own.
 */
export function withQuietContextHooks<A extends { handler: (r: Request) => Promise<Response>; api: object }>(
  auth: A,
): A {
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      // Endpoints carry properties of their own (path, options): kept on the wrapper.
      return Object.assign((...args: unknown[]) => counted(() => value.apply(target, args)), value);
    },
  });
  return Object.assign(Object.create(Object.getPrototypeOf(auth)), auth, {
    api,
    handler: (request: Request) => counted(() => auth.handler(request)),
  });
}
