import { describe, expect, it } from "vitest";
import { REFUSAL_CODES } from "./applications";
import { REFUSAL_STATUS } from "./refusals";

describe("REFUSAL_STATUS", () => {
  it("gives every per-student refusal code one status", () => {
    for (const code of REFUSAL_CODES) expect([403, 404, 409]).toContain(REFUSAL_STATUS[code]);
  });

  it("refuses on the records' state with 409 and on an organization pending verification with 403", () => {
    expect(REFUSAL_STATUS.placement_full).toBe(409);
    expect(REFUSAL_STATUS.overlapping_rotation).toBe(409);
    expect(REFUSAL_STATUS.student_withdrawn).toBe(409);
    expect(REFUSAL_STATUS.organization_unverified).toBe(403);
    expect(REFUSAL_STATUS.program_unverified).toBe(403);
  });
});
