import type { Context } from "hono";

// Which address a request comes from (issue 8, item 3). A client can write any X-Forwarded-For it
// likes, so the header is believed only when TRUST_PROXY says how many proxies of ours stand in
// front of the server; otherwise the socket's peer address is the client.

/** The header our own code (and Better Auth's rate limit) reads the resolved address from. */
export const CLIENT_ADDRESS_HEADER = "x-portal-client-address";

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The client's address: with `trustedHops` = 0 the socket's peer; with N > 0 the address N hops
 * from the right of X-Forwarded-For (each trusted proxy appends the address it saw), falling back
 * to the socket when the header is shorter than the proxies we trust.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | null,
  trustedHops: number,
) {
  const socket = normalize(socketAddress) ?? "unknown";
  if (trustedHops <= 0 || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (hops.length === 0) return socket;
  const candidate = hops[Math.max(0, hops.length - trustedHops)];
  return normalize(candidate) ?? socket;
}

/** IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the IPv4 address; anything that is not an address is dropped. */
function normalize(address: string | undefined | null): string | null {
  if (!address) return null;
  const a = address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (!/^[0-9a-f:.]{2,45}$/i.test(a)) return null;
  return a;
}

/**
 * Middleware body: resolves the address once and keeps it on the context (`clientAddress`). Better
 * Auth reads it from a request header (configured to read only that one), so on its routes the
 * address is also written into the request's own headers, overwriting any copy the client sent.
 * Only there (issue 11): writing a header makes the server build a web Headers object of every
 * header the request carried, a cost every other request is spared.
 */
export function stampClientAddress(c: Context, trustedHops: number): string {
  const bindings = c.env as NodeBindings | undefined;
  const address = resolveClientAddress(
    bindings?.incoming?.socket?.remoteAddress,
    c.req.raw.headers.get("x-forwarded-for"),
    trustedHops,
  );
  c.set("clientAddress", address);
  if (c.req.path.startsWith(AUTH_PREFIX)) c.req.raw.headers.set(CLIENT_ADDRESS_HEADER, address);
  return address;
}

const AUTH_PREFIX = "/api/auth/";

/** The address stamped on a request (see stampClientAddress). */
export function clientAddressOf(c: Context): string {
  return (c.get("clientAddress") as string | undefined) ?? "unknown";
}

/**
 * The address Better Auth's own request carries (its hooks see the request, not our context): the
 * stamped header, which exists on Better Auth's routes only; anything else is "unknown".
 */
export function authRequestAddressOf(request: Request): string {
  if (!new URL(request.url).pathname.startsWith(AUTH_PREFIX)) return "unknown";
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}
