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
 * Middleware body: resolves the address once and writes it into the request's own headers, so
 * Better Auth (configured to read only this header) and our services see the same value. Any copy
 * of the header the client sent is overwritten.
 */
export function stampClientAddress(c: Context, trustedHops: number): string {
  const bindings = c.env as NodeBindings | undefined;
  const address = resolveClientAddress(
    bindings?.incoming?.socket?.remoteAddress,
    c.req.raw.headers.get("x-forwarded-for"),
    trustedHops,
  );
  c.req.raw.headers.set(CLIENT_ADDRESS_HEADER, address);
  return address;
}

/** The address stamped on a request (see stampClientAddress). */
export function clientAddressOf(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}
