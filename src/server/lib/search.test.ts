import { describe, expect, it } from "vitest";
import { containsPattern } from "./search";

describe("containsPattern", () => {
  it("wraps the term in wildcards", () => {
    expect(containsPattern("ann")).toBe("%ann%");
  });

  it("escapes LIKE wildcards and the escape character", () => {
    expect(containsPattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
  });
});
