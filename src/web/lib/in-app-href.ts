// Links written in text (the assistant's answers, which quote resources anyone on staff wrote) may
// only lead into the app. Decided the way the browser reads the href, not by its first characters:
// '/\evil.example', '/\t/evil.example' and '\\evil.example' all resolve to another host.

/**
 * The in-app path (path, query, hash) the browser would open for `href`, or null when it would
 * leave the app: another origin, or a scheme other than http(s) such as javascript:.
 */
export function inAppHref(href: string, origin: string = window.location.origin): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path such as '//evil.example' (from '/x/..//evil.example') reads as a host once written out:
  // only a path that resolves back to the same address is safe to render.
  return new URL(path, origin).href === url.href ? path : null;
}
