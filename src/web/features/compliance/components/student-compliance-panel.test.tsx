// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RequirementType } from "@/domain/compliance";
import type { ComplianceDocument, StudentCompliance } from "../types";
import { StudentCompliancePanel } from "./student-compliance-panel";

// A student's compliance as the program sees it: each item with its status and document, review of a
// submitted document (a rejection needs a reason), the history of earlier uploads. One fake fetch.

const type = (id: string, name: string): RequirementType => ({
  id,
  name,
  category: "certification",
  proof: `Proof of ${name}`,
  asksIssuedOn: "required",
  asksExpiresOn: "optional",
  validity: "months",
  validityMonths: 24,
});
const doc = (over: Partial<ComplianceDocument>): ComplianceDocument => ({
  id: "d-1",
  requirementTypeId: "bls",
  status: "submitted",
  isCurrent: true,
  issuedOn: "2026-01-10",
  expiresOn: "2028-01-31",
  fileName: "bls.pdf",
  contentType: "application/pdf",
  sizeBytes: 200_000,
  uploadedAt: "2026-11-01T10:00:00.000Z",
  uploadedBy: { id: "u-1", name: "Ada Lovelace" },
  reviewedAt: null,
  reviewedBy: null,
  rejectionReason: null,
  fileUrl: "/api/compliance/documents/d-1/file",
  ...over,
});

const RECORDS: StudentCompliance = {
  student: {
    id: "s-1",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@school.edu",
    programId: "p-1",
    programName: "BSN",
    complianceStatus: "pending",
  },
  items: [
    {
      type: type("bls", "BLS / CPR"),
      status: "submitted",
      daysToExpiry: 430,
      current: doc({}),
      renewal: null,
      history: [
        doc({
          id: "d-0",
          status: "rejected",
          isCurrent: false,
          fileName: "blurry.jpg",
          contentType: "image/jpeg",
          rejectionReason: "The card is unreadable",
          fileUrl: "/api/compliance/documents/d-0/file",
        }),
      ],
    },
    { type: type("tdap", "Tdap"), status: "missing", daysToExpiry: null, current: null, renewal: null, history: [] },
  ],
  counts: { required: 2, approved: 0, submitted: 1, missing: 1, rejected: 0, expiring: 0, expired: 0 },
};

let calls: { path: string; body: unknown }[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const path = new URL(String(input), "http://localhost").pathname;
  calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
  if (path === "/api/students/s-1/compliance") return json(200, records);
  if (path === "/api/compliance/documents/d-1/reject") return json(200, doc({ status: "rejected" }));
  if (path === "/api/compliance/documents/d-1/approve") return json(200, doc({ status: "approved" }));
  return json(404, { error: { code: "not_found", message: "Not found" } });
}

let records = RECORDS;

beforeEach(() => {
  records = RECORDS;
  calls = [];
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StudentCompliancePanel studentId="s-1" />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("StudentCompliancePanel", () => {
  it("lists each required item with its status, dates, document and history", async () => {
    show();
    const bls = await screen.findByRole("article", { name: "BLS / CPR" });
    expect(within(bls).getByText("Submitted")).toBeInTheDocument();
    expect(within(bls).getByText("Expires in 430 days")).toBeInTheDocument();
    expect(within(bls).getByRole("link", { name: "Download Ada Lovelace's BLS / CPR document" })).toHaveAttribute(
      "href",
      "/api/compliance/documents/d-1/file",
    );
    expect(within(bls).getByText(/The card is unreadable/)).toBeInTheDocument();
    const tdap = screen.getByRole("article", { name: "Tdap" });
    expect(within(tdap).getByText("Missing")).toBeInTheDocument();
    expect(within(tdap).getByRole("button", { name: "Upload: Tdap" })).toBeInTheDocument();
    expect(within(tdap).queryByRole("button", { name: /Approve/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Upload on behalf" })).toBeInTheDocument();
  });

  it("previews a PDF in a titled frame only when asked", async () => {
    const user = show();
    const bls = await screen.findByRole("article", { name: "BLS / CPR" });
    expect(bls.querySelector("iframe")).toBeNull();
    await user.click(within(bls).getByRole("button", { name: "Preview Ada Lovelace's BLS / CPR document" }));
    expect(within(bls).getByTitle("Preview of Ada Lovelace's BLS / CPR document")).toHaveAttribute(
      "src",
      "/api/compliance/documents/d-1/file",
    );
  });

  it("rejects only with a reason, which it sends", async () => {
    const user = show();
    const bls = await screen.findByRole("article", { name: "BLS / CPR" });
    await user.click(within(bls).getByRole("button", { name: "Reject Ada Lovelace's BLS / CPR document" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject document" });
    await user.click(within(dialog).getByRole("button", { name: "Reject document" }));
    expect(await within(dialog).findByText("Reason is required")).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith("/reject"))).toBe(false);
    await user.type(within(dialog).getByLabelText("Reason"), "The expiry date is cut off");
    await user.click(within(dialog).getByRole("button", { name: "Reject document" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.path.endsWith("/reject"))?.body).toEqual({ reason: "The expiry date is cut off" });
  });

  it("approves a submitted document", async () => {
    const user = show();
    const bls = await screen.findByRole("article", { name: "BLS / CPR" });
    await user.click(within(bls).getByRole("button", { name: "Approve Ada Lovelace's BLS / CPR document" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/compliance/documents/d-1/approve")).toBe(true));
  });

  it("a renewal awaiting review: the approved document stays shown, the renewal gets the review", async () => {
    const approved = doc({ id: "d-0", status: "approved", isCurrent: false, expiresOn: "2026-12-15" });
    records = {
      ...RECORDS,
      items: [
        {
          ...RECORDS.items[0]!,
          status: "expiring",
          daysToExpiry: 14,
          current: approved,
          renewal: doc({}),
          history: [],
        },
      ],
    };
    const user = show();
    const bls = await screen.findByRole("article", { name: "BLS / CPR" });
    expect(within(bls).getByText("Expiring")).toBeInTheDocument();
    const renewal = within(bls).getByRole("region", { name: "Renewal awaiting review" });
    expect(
      within(renewal).getByRole("link", { name: "Download Ada Lovelace's BLS / CPR document renewal" }),
    ).toHaveAttribute("href", "/api/compliance/documents/d-1/file");
    expect(within(bls).getAllByRole("button", { name: /^Approve/ })).toHaveLength(1);
    await user.click(
      within(renewal).getByRole("button", { name: "Approve Ada Lovelace's BLS / CPR document renewal" }),
    );
    await waitFor(() => expect(calls.some((c) => c.path === "/api/compliance/documents/d-1/approve")).toBe(true));
  });
});
