import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APPLICATION_STATUS_LABELS, REVIEW_ACTION_LABELS } from "./applications";

// Issue 9: one label table, the prototype's words per view, no status word hard-coded elsewhere.

const webFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return webFiles(p);
    return /\.tsx$/.test(f) && !/\.test\./.test(f) ? [p] : [];
  });

describe("application labels", () => {
  it("keep the prototype's words per view (spec section 4)", () => {
    expect(APPLICATION_STATUS_LABELS.student).toEqual({
      pending: "Under Review",
      approved: "Approved",
      rejected: "Not Selected",
      withdrawn: "Withdrawn",
    });
    expect(APPLICATION_STATUS_LABELS.facility.pending).toBe("New");
    expect(APPLICATION_STATUS_LABELS.program.pending).toBe("Pending");
    expect(REVIEW_ACTION_LABELS.facilityDashboard).toEqual({ approve: "Accept", reject: "Decline" });
    expect(REVIEW_ACTION_LABELS.facilityApplications).toEqual({ approve: "Approve", reject: "Reject" });
  });

  it("the web app takes review actions from the table, not hard-coded words", () => {
    const root = path.resolve(import.meta.dirname, "../web");
    const offenders = webFiles(root).filter((f) => {
      if (f.includes(`${path.sep}admin${path.sep}`)) return false; // organizations: Verify / Reject
      if (f.includes(`${path.sep}compliance${path.sep}`)) return false; // documents, not applications
      if (f.includes(`${path.sep}hours${path.sep}`)) return false; // hour entries, not applications
      const text = readFileSync(f, "utf8");
      return /<[A-Za-z]+ aria-hidden \/>\s*(Accept|Decline|Approve|Reject)\b|"(Approve|Reject) application"|\? "Approve" : "Reject"/.test(
        text,
      );
    });
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});
