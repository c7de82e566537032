// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { meQuery } from "@/web/lib/session";
import type { MyCompliance } from "../types";
import MyCompliancePage from "./my-compliance-page";

// The student's compliance page: their items with upload buttons, and for each application what
// is still missing. The signed-in user is seeded in the query cache; the API is one fake fetch.

const MINE: MyCompliance = {
  student: {
    id: "s-1",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@school.edu",
    programId: "p-1",
    programName: "BSN",
    complianceStatus: "incomplete",
  },
  items: [
    {
      type: {
        id: "bls",
        name: "BLS / CPR",
        category: "certification",
        proof: "Your BLS card",
        asksIssuedOn: "required",
        asksExpiresOn: "optional",
        validity: "months",
        validityMonths: 24,
      },
      status: "missing",
      daysToExpiry: null,
      current: null,
      renewal: null,
      history: [],
    },
  ],
  counts: { required: 1, approved: 0, submitted: 0, missing: 1, rejected: 0, expiring: 0, expired: 0 },
  applications: [
    {
      applicationId: "a-1",
      status: "pending",
      placementId: "pl-1",
      placementTitle: "ICU Rotation",
      facilityName: "Mercy General",
      startDate: "2027-03-01",
      endDate: "2027-05-28",
      ready: false,
      items: [
        { requirementTypeId: "bls", name: "BLS / CPR", readiness: "missing" },
        { requirementTypeId: "flu", name: "Influenza", readiness: "missing" },
        { requirementTypeId: "tb", name: "TB screening", readiness: "met" },
      ],
    },
  ],
};

/** A renewed BLS card awaiting review while the approved one is valid until Dec 15. */
const DOC = {
  requirementTypeId: "bls",
  isCurrent: false,
  contentType: "application/pdf",
  sizeBytes: 120_000,
  uploadedBy: { id: "u-1", name: "Ada Lovelace" },
  reviewedAt: null,
  reviewedBy: null,
  rejectionReason: null,
} as const;
const RENEWING: MyCompliance = {
  ...MINE,
  student: { ...MINE.student, complianceStatus: "compliant" },
  items: [
    {
      ...MINE.items[0]!,
      status: "expiring",
      daysToExpiry: 14,
      current: {
        ...DOC,
        id: "d-old",
        status: "approved",
        issuedOn: "2024-12-15",
        expiresOn: "2026-12-15",
        fileName: "bls-2024.pdf",
        uploadedAt: "2024-12-16T10:00:00.000Z",
        fileUrl: "/api/compliance/documents/d-old/file",
      },
      renewal: {
        ...DOC,
        id: "d-new",
        status: "submitted",
        isCurrent: true,
        issuedOn: "2026-11-30",
        expiresOn: "2028-11-30",
        fileName: "bls-ecard.pdf",
        uploadedAt: "2026-11-30T10:00:00.000Z",
        fileUrl: "/api/compliance/documents/d-new/file",
      },
    },
  ],
  counts: { required: 1, approved: 0, submitted: 0, missing: 0, rejected: 0, expiring: 1, expired: 0 },
  applications: [
    {
      ...MINE.applications[0]!,
      ready: true,
      items: [{ requirementTypeId: "bls", name: "BLS / CPR", readiness: "met" }],
    },
  ],
};
let mine: MyCompliance = MINE;

beforeEach(() => {
  mine = MINE;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), "http://localhost").pathname;
      const [status, body] =
        path === "/api/me/student/compliance"
          ? [200, mine]
          : path === "/api/compliance/requirement-types"
            ? [200, { types: [MINE.items[0]?.type, { ...MINE.items[0]?.type, id: "flu", name: "Influenza" }] }]
            : [404, { error: { code: "not_found", message: "Not found" } }];
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQuery.queryKey, { studentId: "s-1" } as never);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MyCompliancePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("MyCompliancePage", () => {
  it("says what each application still needs and offers an upload for each item", async () => {
    show();
    expect(
      await screen.findByText(
        (_, el) =>
          el?.tagName === "P" &&
          el.textContent === "For ICU Rotation at Mercy General (starts Mar 1, 2027): 2 items missing",
      ),
    ).toBeInTheDocument();
    const needs = screen.getByRole("list", { name: "What ICU Rotation still needs" });
    const rows = within(needs).getAllByRole("listitem");
    expect(rows.map((li) => li.firstChild?.textContent)).toEqual(["BLS / CPR", "Influenza"]);
    // An item only a placement asks for (not the program) can be uploaded from here too.
    expect(await within(needs).findByRole("button", { name: "Upload Influenza for ICU Rotation" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload: BLS / CPR" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload document" })).toBeInTheDocument();
  });

  it("shows a renewal awaiting review beside the approved document still in force", async () => {
    mine = RENEWING;
    show();
    const bls = await screen.findByRole("article", { name: "BLS / CPR" });
    expect(within(bls).getByText("Expiring")).toBeInTheDocument();
    expect(within(bls).getByText("Dec 15, 2026")).toBeInTheDocument();
    const renewal = within(bls).getByRole("region", { name: "Renewal awaiting review" });
    expect(within(renewal).getByText("bls-ecard.pdf")).toBeInTheDocument();
    expect(
      within(renewal).getByText("The approved document above still counts until it expires or this one is approved."),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        (_, el) =>
          el?.tagName === "P" && el.textContent === "For ICU Rotation at Mercy General (starts Mar 1, 2027): ready",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/missing/)).not.toBeInTheDocument();
  });
});
