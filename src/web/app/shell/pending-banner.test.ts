import { describe, expect, it } from "vitest";
import { preparation } from "./app-shell";

describe("the pending-verification banner's preparation words", () => {
  it("a facility prepares departments and draft placements; a program adds students", () => {
    expect(preparation("facility")).toBe("add departments, draft placements");
    expect(preparation("program")).toBe("add students");
  });
});
