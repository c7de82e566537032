import { describe, expect, it } from "vitest";
import { MESSAGE_SUBJECT_MAX, messageInputSchema, replySubject } from "./messages";

describe("replySubject", () => {
  it("prefixes 'Re: ' once", () => {
    expect(replySubject("Rotation schedule")).toBe("Re: Rotation schedule");
    expect(replySubject("Re: Rotation schedule")).toBe("Re: Rotation schedule");
    expect(replySubject("RE: Badge")).toBe("RE: Badge");
  });

  it("stays within the subject limit", () => {
    expect(replySubject("x".repeat(MESSAGE_SUBJECT_MAX))).toHaveLength(MESSAGE_SUBJECT_MAX);
  });
});

describe("messageInputSchema", () => {
  it("trims and requires every field", () => {
    const r = messageInputSchema.safeParse({ recipientId: " ", subject: "  ", content: "" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["recipientId", "Recipient is required"],
      ["subject", "Subject is required"],
      ["content", "Content is required"],
    ]);
  });

  it("names a missing field", () => {
    const r = messageInputSchema.safeParse({});
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      "Recipient is required",
      "Subject is required",
      "Content is required",
    ]);
  });

  it("keeps trimmed values", () => {
    expect(messageInputSchema.parse({ recipientId: "u1", subject: " Hi ", content: " Body \n" })).toEqual({
      recipientId: "u1",
      subject: "Hi",
      content: "Body",
    });
  });
});
