// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { inAppHref } from "./in-app-href";

describe("inAppHref", () => {
  const origin = window.location.origin;

  it.each([
    "/\\evil.example/phish",
    "\\\\evil.example",
    "//evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,hi",
    "/\t/evil.example",
    "/\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/x/..//evil.example",
    "/.//evil.example",
    "http://[bad",
  ])("refuses %j: the browser would leave the app", (href) => {
    expect(inAppHref(href)).toBeNull();
  });

  it.each([
    ["/learning?resource=x", "/learning?resource=x"],
    ["/student/learning?resource=abc#top", "/student/learning?resource=abc#top"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    [`${origin}/student/compliance`, "/student/compliance"],
    ["/student/../student/compliance", "/student/compliance"],
  ])("keeps %j as the in-app path %j", (href, path) => {
    expect(inAppHref(href)).toBe(path);
    expect(new URL(path, origin).origin).toBe(origin);
  });
});
