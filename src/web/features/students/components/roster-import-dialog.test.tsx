// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseRoster } from "@/domain/roster";
import { RosterImportDialog } from "./roster-import-dialog";

// 'Upload Roster' (issue 3): every row is checked and shown with its errors before anything is saved.
// The API is played by a fake fetch that checks the file with the domain's own parser, as the server
// does (plus one email "already in the program", which only the server knows).

const ON_ROSTER = "taken@school.edu";
let calls: { path: string; body: { csv: string; programId?: string } }[] = [];

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function fakeApi(input: RequestInfo | URL, init?: RequestInit) {
  const path = new URL(String(input instanceof Request ? input.url : input), "http://localhost").pathname;
  const body = JSON.parse(String(init?.body ?? "{}"));
  calls.push({ path, body });
  const parsed = parseRoster(body.csv);
  const rows = parsed.rows.map((r) => ({
    line: r.line,
    values: r.raw,
    errors: r.raw.email === ON_ROSTER ? [...r.errors, "Already in your program"] : r.errors,
  }));
  const valid = rows.filter((r) => r.errors.length === 0);
  if (path === "/api/students/import/preview") {
    return answer(200, {
      rows,
      missingColumns: parsed.missingColumns,
      unknownColumns: parsed.unknownColumns,
      total: rows.length,
      valid: valid.length,
      invalid: rows.length - valid.length,
    });
  }
  if (path === "/api/students/import") {
    return answer(200, {
      added: valid.length,
      skipped: rows
        .filter((r) => r.errors.length > 0)
        .map((r) => ({ line: r.line, email: r.values.email ?? null, reasons: r.errors })),
    });
  }
  return answer(404, { error: { code: "not_found", message: "Not found" } });
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fakeApi(input, init)),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openWithFile(csv: string, name = "roster.csv") {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RosterImportDialog programId="program-1" />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole("button", { name: "Upload Roster" }));
  const dialog = await screen.findByRole("dialog", { name: "Upload Roster" });
  await user.upload(within(dialog).getByLabelText("Roster CSV file"), new File([csv], name, { type: "text/csv" }));
  return { user, dialog };
}

const CSV = [
  "First Name,Surname,E-mail,GPA,Specialty,Nickname",
  "Avery,Johnson,avery.johnson@school.edu,3.62,Peds,Ave",
  "Blake,Rivera,not-an-email,3.1,,",
  "Casey,Nguyen,avery.johnson@school.edu,3.4,,",
  "Devon,Price,taken@school.edu,,,",
  "Emery,Stone,emery.stone@school.edu,,ICU,",
].join("\n");

describe("RosterImportDialog preview", () => {
  it("sends the file for checking and shows every row with its errors before anything is saved", async () => {
    const { dialog } = await openWithFile(CSV);
    const preview = await within(dialog).findByRole("region", { name: "Roster preview" });
    expect(calls).toEqual([{ path: "/api/students/import/preview", body: { csv: CSV, programId: "program-1" } }]);

    expect(within(preview).getByText(/ready to import/).textContent).toBe("5 rows: 2 ready to import, 3 with errors.");
    // Header variants are understood; a column the portal does not know is named, not imported.
    expect(within(preview).getByText("Ignored columns: Nickname.")).toBeInTheDocument();
    expect(within(preview).queryByRole("alert")).not.toBeInTheDocument();

    const table = within(preview).getByRole("table", { name: "Rows in the file" });
    const [, ...rows] = within(table).getAllByRole("row");
    expect(rows.map((r) => within(r).getAllByRole("cell")[0].textContent)).toEqual(["2", "3", "4", "5", "6"]);
    const row = (line: number) => rows[line - 2];
    expect(within(row(2)).getByText("Ready")).toBeInTheDocument();
    expect(within(row(2)).getByText("avery.johnson@school.edu")).toBeInTheDocument();
    expect(within(row(3)).getByText("not-an-email")).toBeInTheDocument();
    expect(
      within(row(3))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/email/i)]);
    expect(within(row(4)).getByText("Duplicate of line 2 in this file")).toBeInTheDocument();
    expect(within(row(5)).getByText("Already in your program")).toBeInTheDocument();
    expect(within(row(6)).getByText("Ready")).toBeInTheDocument();

    expect(within(dialog).getByRole("button", { name: "Import 2 valid rows" })).toBeEnabled();
  });

  it("filters the preview to the rows with errors", async () => {
    const { user, dialog } = await openWithFile(CSV);
    const table = await within(dialog).findByRole("table", { name: "Rows in the file" });
    await user.click(within(dialog).getByRole("checkbox", { name: "Only rows with errors" }));
    const [, ...rows] = within(table).getAllByRole("row");
    expect(rows.map((r) => within(r).getAllByRole("cell")[0].textContent)).toEqual(["3", "4", "5"]);
    // The counts still cover the whole file.
    expect(within(dialog).getByText(/ready to import/).textContent).toBe("5 rows: 2 ready to import, 3 with errors.");
  });

  it("names the missing required columns and offers nothing to import", async () => {
    const { dialog } = await openWithFile("first_name,last_name,phone\nAvery,Johnson,555-0100\n");
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Missing required column: email.");
    expect(within(dialog).getByRole("button", { name: "Import 0 valid rows" })).toBeDisabled();
  });

  it("refuses a file over 4 MB without sending it", async () => {
    const { dialog } = await openWithFile(`first_name,last_name,email\n${"x".repeat(4 * 1024 * 1024)}`);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("larger than 4 MB");
    expect(calls).toEqual([]);
    expect(within(dialog).queryByRole("region", { name: "Roster preview" })).not.toBeInTheDocument();
  });

  it("imports the valid rows and lists the skipped ones with their reasons", async () => {
    const { user, dialog } = await openWithFile(CSV);
    await user.click(await within(dialog).findByRole("button", { name: "Import 2 valid rows" }));
    const summary = await within(dialog).findByRole("region", { name: "Import summary" });
    expect(calls.map((c) => c.path)).toEqual(["/api/students/import/preview", "/api/students/import"]);
    expect(within(summary).getByRole("status")).toHaveTextContent("2 students added. 3 rows were skipped:");
    const skipped = within(summary).getByRole("list", { name: "Skipped rows" });
    expect(
      within(skipped)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Line 3 · not-an-email · .*email/i),
      "Line 4 · avery.johnson@school.edu · Duplicate of line 2 in this file",
      "Line 5 · taken@school.edu · Already in your program",
    ]);
  });
});
