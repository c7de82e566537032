import { describe, expect, it } from "vitest";
import { likePattern } from "./pagination";

describe("likePattern", () => {
  it("wraps the term in wildcards", () => {
    expect(likePattern("ann")).toBe("%ann%");
  });

  it("escapes LIKE wildcards and the escape character", () => {
    expect(likePattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
  });
});
