import { describe, expect, it } from "vitest";
import { reminderWindowIn } from "../compliance/reminders";
import { mailAddressOf, mailNameOf, senderFrom } from "./store";

describe("the sender of outgoing mail", () => {
  it("takes MAIL_FROM's address and the setting's name", () => {
    expect(mailNameOf("Clinical Placement Portal <no-reply@x.org>")).toBe("Clinical Placement Portal");
    expect(mailNameOf('"Mercy Office" <a@b.org>')).toBe("Mercy Office");
    expect(mailNameOf("a@b.org")).toBeNull();
    expect(mailAddressOf("Portal <no-reply@x.org>")).toBe("no-reply@x.org");
    expect(mailAddressOf("no-reply@x.org")).toBe("no-reply@x.org");
    expect(senderFrom("Portal <no-reply@x.org>", "Placement Office")).toBe('"Placement Office" <no-reply@x.org>');
  });
});

describe("reminderWindowIn", () => {
  it("picks the smallest configured window at least as far as the days left, and the expiry one", () => {
    const days = [90, 60, 45, 14, 3, 1, 0, -7, -8];
    expect(days.map((d) => reminderWindowIn([60, 14], d))).toEqual([null, 60, 60, 14, 14, 14, 0, 0, null]);
    expect(days.map((d) => reminderWindowIn([30, 7], d))).toEqual([null, null, null, 30, 7, 7, 0, 0, null]);
  });
});
