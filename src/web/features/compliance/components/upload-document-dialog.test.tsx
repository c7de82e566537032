// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RequirementType } from "@/domain/compliance";
import { Button } from "@/web/components/ui/button";
import { FILE_TOO_LARGE, SCAN_NOTE, UploadDocumentDialog } from "./upload-document-dialog";

// Upload document (issue 12): the size is checked before anything is sent, the dates the server
// finds are proposed (shown, editable, sent as the user leaves them), and a field the server
// refuses gets its message under that field. The network is one fake fetch; the upload's
// XMLHttpRequest (for its progress) is played by a stand-in that hands the request to that fetch.

const BLS: RequirementType = {
  id: "t-bls",
  name: "BLS / CPR certification",
  category: "certification",
  proof: "Front and back of your current American Heart Association BLS card",
  asksIssuedOn: "required",
  asksExpiresOn: "required",
  validity: "months",
  validityMonths: 24,
};

const year = new Date().getFullYear();
const ISSUED = `${year - 1}-03-14`;
const EXPIRES = `${year + 1}-03-31`;

type Call = { path: string; method: string; form: FormData | null };
let calls: Call[] = [];
let uploadAnswer: { status: number; body: unknown } = { status: 201, body: {} };
let scanAnswer: { status: number; body: unknown } = {
  status: 200,
  body: { contentType: "application/pdf", proposedIssuedOn: ISSUED, proposedExpiresOn: EXPIRES, found: [] },
};

const json = ({ status, body }: { status: number; body: unknown }) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const path = new URL(String(input), "http://localhost").pathname;
  const form = init?.body instanceof FormData ? init.body : null;
  calls.push({ path, method: init?.method ?? "GET", form });
  if (path === "/api/compliance/scan") return json(scanAnswer);
  if (path === "/api/students/s-1/compliance/documents") return json(uploadAnswer);
  return json({ status: 404, body: { error: { code: "not_found", message: "Not found" } } });
}

/** XMLHttpRequest as the upload uses it, answered by the fake fetch, with one progress event. */
class FakeXhr {
  method = "GET";
  url = "";
  status = 0;
  responseText = "";
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private headers = new Headers();
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  getResponseHeader(name: string) {
    return this.headers.get(name);
  }
  send(body: FormData) {
    void (async () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      const response = await fetch(this.url, { method: this.method, body });
      this.status = response.status;
      this.headers = response.headers;
      this.responseText = await response.text();
      this.onload?.();
    })();
  }
}

beforeEach(() => {
  calls = [];
  uploadAnswer = {
    status: 201,
    body: { id: "d-1", requirementTypeId: BLS.id, status: "submitted" },
  };
  scanAnswer = {
    status: 200,
    body: { contentType: "application/pdf", proposedIssuedOn: ISSUED, proposedExpiresOn: EXPIRES, found: [] },
  };
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openDialog() {
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UploadDocumentDialog
        target={{ kind: "student", studentId: "s-1" }}
        types={[BLS]}
        presetTypeId={BLS.id}
        description="On behalf of Ada Lovelace"
        trigger={<Button>Upload on behalf</Button>}
      />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole("button", { name: "Upload on behalf" }));
  await screen.findByRole("dialog", { name: "Upload document" });
  return user;
}

const pdf = (name = "bls-card.pdf", size?: number) => {
  const file = new File(["%PDF-1.7 a card"], name, { type: "application/pdf" });
  if (size !== undefined) Object.defineProperty(file, "size", { value: size });
  return file;
};

describe("UploadDocumentDialog", () => {
  it("refuses a file over 10 MB at once, before sending anything", async () => {
    const user = await openDialog();
    await user.upload(screen.getByLabelText("File"), pdf("huge.pdf", 10 * 1024 * 1024 + 1));
    expect(screen.getByLabelText("File")).toHaveAccessibleDescription(FILE_TOO_LARGE);
    expect(screen.getByLabelText("File")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toEqual([]);
    // Exactly 10 MB is allowed.
    await user.upload(screen.getByLabelText("File"), pdf("ok.pdf", 10 * 1024 * 1024));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(["/api/compliance/scan"]));
    expect(screen.queryByText(FILE_TOO_LARGE)).toBeNull();
  });

  it("shows the dates found in the document with a note, lets the user correct them, and sends what they confirmed", async () => {
    const user = await openDialog();
    expect(screen.getByLabelText("Requirement")).toHaveValue(BLS.id);
    await user.upload(screen.getByLabelText("File"), pdf());
    expect(await screen.findByText(SCAN_NOTE)).toBeVisible();
    const issued = screen.getByLabelText("Issue date");
    const expires = screen.getByLabelText("Expiration date");
    expect(issued).toHaveValue(ISSUED);
    expect(expires).toHaveValue(EXPIRES);

    const corrected = `${year + 1}-04-30`;
    await user.clear(expires);
    await user.type(expires, corrected);
    expect(expires).toHaveValue(corrected);

    await user.click(screen.getByRole("button", { name: "Upload" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const upload = calls.find((c) => c.path === "/api/students/s-1/compliance/documents");
    expect(upload?.method).toBe("POST");
    expect(upload?.form?.get("requirementTypeId")).toBe(BLS.id);
    expect(upload?.form?.get("issuedOn")).toBe(ISSUED);
    expect(upload?.form?.get("expiresOn")).toBe(corrected);
    expect((upload?.form?.get("file") as File | undefined)?.name).toBe("bls-card.pdf");
  });

  it("asks for the dates itself when the document shows none (no note, nothing filled in)", async () => {
    scanAnswer = {
      status: 200,
      body: { contentType: "image/png", proposedIssuedOn: null, proposedExpiresOn: null, found: [] },
    };
    const user = await openDialog();
    await user.upload(screen.getByLabelText("File"), pdf());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText(SCAN_NOTE)).toBeNull();
    expect(screen.getByLabelText("Issue date")).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(screen.getByLabelText("Issue date")).toHaveAccessibleDescription("Issue date is required");
    expect(calls).toHaveLength(1);
  });

  it("puts the server's message under the field it names, and gives the form back", async () => {
    uploadAnswer = {
      status: 422,
      body: {
        error: {
          code: "invalid",
          message: "expiresOn: Expiration date must be within 20 years",
          issues: [{ path: "expiresOn", message: "Expiration date must be within 20 years" }],
        },
      },
    };
    const user = await openDialog();
    await user.upload(screen.getByLabelText("File"), pdf());
    await screen.findByText(SCAN_NOTE);
    await user.click(screen.getByRole("button", { name: "Upload" }));
    const expires = screen.getByLabelText("Expiration date");
    await waitFor(() => expect(expires).toHaveAccessibleDescription("Expiration date must be within 20 years"));
    expect(screen.getByLabelText("Issue date")).not.toHaveAccessibleDescription();
    expect(expires).toBeEnabled();
    expect(screen.getByRole("dialog", { name: "Upload document" })).toBeInTheDocument();
  });

  it("names a file the server refuses by its content under the file field", async () => {
    scanAnswer = {
      status: 415,
      body: { error: { code: "unsupported_media_type", message: "Only PDF, JPEG or PNG files are accepted" } },
    };
    const user = await openDialog();
    await user.upload(screen.getByLabelText("File"), pdf("setup.pdf"));
    await waitFor(() =>
      expect(screen.getByLabelText("File")).toHaveAccessibleDescription("Only PDF, JPEG or PNG files are accepted"),
    );
  });
});
