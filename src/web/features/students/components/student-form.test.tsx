// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toastError } from "@/web/lib/api-errors";
import { AddStudentDialog } from "./add-student-dialog";

// D14: a refusal of the server puts each of its `issues` under the field it names (setServerIssues,
// through failSubmit) and toasts the message once, in the real 'Add student' form. The client's own
// validation (the same zod schema as the API) runs first and sends nothing.

type Reply = { status: number; body: unknown };
let replies: Reply[] = [];
let sent: { path: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  replies = [];
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input instanceof Request ? input.url : input), "http://localhost").pathname;
      sent.push({ path, body: JSON.parse(String(init?.body ?? "{}")) });
      const reply = replies.shift() ?? { status: 500, body: { error: { code: "unexpected", message: "No reply" } } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  // As the app's providers: every failed mutation toasts through toastError (each error once).
  const client = new QueryClient({
    mutationCache: new MutationCache({ onError: (err) => toastError(err) }),
    defaultOptions: { queries: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <AddStudentDialog programId="program-1" />
      <Toaster />
    </QueryClientProvider>,
  );
  return user;
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText("First name"), "Avery");
  await user.type(within(dialog).getByLabelText("Last name"), "Johnson");
  await user.type(within(dialog).getByLabelText("Email"), "avery@school.edu");
  await user.type(within(dialog).getByLabelText("GPA (optional)"), "3.5");
}

const errorOf = (field: HTMLElement) => {
  const id = field.getAttribute("aria-describedby");
  return id ? document.getElementById(id) : null;
};

describe("Add student: the server's field issues", () => {
  it("shows each issue under the field it names, and toasts the refusal once", async () => {
    const user = renderDialog();
    await user.click(screen.getByRole("button", { name: "Add student" }));
    const dialog = await screen.findByRole("dialog", { name: "Add student" });
    await fillForm(user, dialog);
    replies.push({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: "Some fields are not valid",
          issues: [
            { path: "gpa", message: "GPA must be on a 4.0 scale" },
            { path: "email", message: "This email is already used by another program's student" },
            { path: "programId", message: "Unknown program" },
          ],
        },
      },
    });
    await user.click(within(dialog).getByRole("button", { name: "Add student" }));

    const gpa = within(dialog).getByLabelText("GPA (optional)");
    const email = within(dialog).getByLabelText("Email");
    expect(await within(dialog).findByText("GPA must be on a 4.0 scale")).toBeInTheDocument();
    expect(gpa).toHaveAttribute("aria-invalid", "true");
    expect(errorOf(gpa)).toHaveTextContent("GPA must be on a 4.0 scale");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(errorOf(email)).toHaveTextContent("This email is already used by another program's student");
    // A path the form has no field for is only in the toast; the fields it does not name stay valid.
    expect(screen.queryByText("Unknown program")).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText("First name")).toHaveAttribute("aria-invalid", "false");
    expect(within(dialog).getAllByRole("alert")).toHaveLength(2);

    // One toast, though both the form (failSubmit) and the mutation cache report the error.
    expect(await screen.findByText("Some fields are not valid")).toBeInTheDocument();
    expect(screen.getAllByText("Some fields are not valid")).toHaveLength(1);
    expect(screen.getAllByText("Error")).toHaveLength(1);
    expect(sent).toEqual([
      {
        path: "/api/students",
        body: expect.objectContaining({ firstName: "Avery", email: "avery@school.edu", programId: "program-1" }),
      },
    ]);
    // The dialog stays open with what was typed, to correct and send again.
    expect(within(dialog).getByLabelText("First name")).toHaveValue("Avery");
  });

  it("puts a 409 about the email under the email field", async () => {
    const user = renderDialog();
    await user.click(screen.getByRole("button", { name: "Add student" }));
    const dialog = await screen.findByRole("dialog", { name: "Add student" });
    await fillForm(user, dialog);
    replies.push({
      status: 409,
      body: { error: { code: "conflict", message: "A student with this email is already on your roster" } },
    });
    await user.click(within(dialog).getByRole("button", { name: "Add student" }));
    const email = within(dialog).getByLabelText("Email");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("already on your roster");
    expect(errorOf(email)).toHaveTextContent("A student with this email is already on your roster");
  });

  it("checks the fields in the browser first and sends nothing while they are invalid", async () => {
    const user = renderDialog();
    await user.click(screen.getByRole("button", { name: "Add student" }));
    const dialog = await screen.findByRole("dialog", { name: "Add student" });
    await user.type(within(dialog).getByLabelText("Email"), "not-an-email");
    await user.click(within(dialog).getByRole("button", { name: "Add student" }));
    expect(await within(dialog).findByText("First name is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Last name is required")).toBeInTheDocument();
    expect(errorOf(within(dialog).getByLabelText("Email"))).toHaveTextContent("Invalid email address");
    expect(sent).toEqual([]);
  });

  it("closes the dialog and says so on success", async () => {
    const user = renderDialog();
    await user.click(screen.getByRole("button", { name: "Add student" }));
    const dialog = await screen.findByRole("dialog", { name: "Add student" });
    await fillForm(user, dialog);
    replies.push({ status: 201, body: { id: "s1", firstName: "Avery", lastName: "Johnson" } });
    await user.click(within(dialog).getByRole("button", { name: "Add student" }));
    expect(await screen.findByText("Student added")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
