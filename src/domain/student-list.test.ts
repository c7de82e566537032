import { describe, expect, it } from "vitest";
import { invitationState } from "./student-list";

describe("invitationState", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  it("is 'accepted' once the student has an account, whatever the invitations say", () => {
    expect(invitationState(true, null, now)).toBe("accepted");
    expect(invitationState(true, { expiresAt: "2026-02-01T00:00:00Z", acceptedAt: null }, now)).toBe("accepted");
  });
  it("is 'none' without an invitation", () => {
    expect(invitationState(false, null, now)).toBe("none");
  });
  it("is 'invited' while the newest invitation is unexpired, 'expired' after", () => {
    expect(invitationState(false, { expiresAt: "2026-03-08T12:00:00Z", acceptedAt: null }, now)).toBe("invited");
    expect(invitationState(false, { expiresAt: new Date("2026-03-01T12:00:00Z"), acceptedAt: null }, now)).toBe(
      "expired",
    );
  });
  it("is 'accepted' when the invitation was accepted", () => {
    expect(invitationState(false, { expiresAt: "2026-02-01T00:00:00Z", acceptedAt: "2026-01-30T00:00:00Z" }, now)).toBe(
      "accepted",
    );
  });
});
