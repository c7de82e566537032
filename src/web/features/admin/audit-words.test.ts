import { describe, expect, it } from "vitest";
import { changesOf, pastSummary, recordHref, valueText } from "./audit-words";

// How audit entries read: the routes' summaries in the past, the record's page, the diff.

describe("pastSummary", () => {
  it("puts the summary's first clause in the past", () => {
    expect(pastSummary("Edit a placement (capacity at least slots_filled)")).toBe("edited a placement");
    expect(pastSummary("Approve or deny an access request (super admin)")).toBe("approved or denied an access request");
    expect(pastSummary("Send a message to someone the user may write to")).toBe(
      "sent a message to someone the user may write to",
    );
    expect(pastSummary("Create a placement: save as draft, or publish as active")).toBe("created a placement");
    expect(pastSummary("Verify or reject an organization; its coordinators are told")).toBe(
      "verified or rejected an organization",
    );
    expect(pastSummary("Submit applications for one or more students")).toBe(
      "submitted applications for one or more students",
    );
    // A short verb ending in one vowel and one consonant doubles it.
    expect(pastSummary("Log clinical hours on a day of an approved rotation")).toBe(
      "logged clinical hours on a day of an approved rotation",
    );
    expect(pastSummary("Stop a recurring event")).toBe("stopped a recurring event");
    expect(pastSummary("Sign out")).toBe("signed out");
    // Already in the past (sign-ins, handlers' own sentences): kept.
    expect(pastSummary("Signed in")).toBe("signed in");
    expect(pastSummary("Approved Ada's application to ICU")).toBe("approved Ada's application to ICU");
  });
});

describe("recordHref", () => {
  const base = { entityId: "x-1", recordName: "Ada Lovelace", recordKind: null };
  it("links records that have a page, and only while they exist", () => {
    expect(recordHref({ ...base, entityType: "students" })).toBe("/students/x-1");
    expect(recordHref({ ...base, entityType: "placements", recordName: "ICU Days" })).toBe("/placements?q=ICU%20Days");
    expect(recordHref({ ...base, entityType: "organizations", recordKind: "facility", recordName: "Mercy" })).toBe(
      "/dashboard/admin/facilities/x-1",
    );
    expect(recordHref({ ...base, entityType: "organizations", recordKind: "program", recordName: "BSN" })).toBe(
      "/dashboard/admin/programs/x-1",
    );
    expect(recordHref({ ...base, entityType: "messages" })).toBeNull();
    expect(recordHref({ ...base, entityType: "students", recordName: null })).toBeNull();
  });
});

describe("changesOf", () => {
  it("lists the fields that differ, with their values before and after", () => {
    expect(changesOf({ status: "pending", notes: "a" }, { status: "approved", notes: "a", reviewNotes: "ok" })).toEqual(
      [
        { field: "status", before: "pending", after: "approved" },
        { field: "reviewNotes", before: undefined, after: "ok" },
      ],
    );
    expect(changesOf(null, null)).toEqual([]);
    expect(changesOf(null, 3)).toEqual([{ field: "value", before: null, after: 3 }]);
    expect(valueText(undefined)).toBe("(none)");
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});
