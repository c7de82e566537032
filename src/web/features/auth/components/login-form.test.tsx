// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoginForm } from "./login-form";

// The sign-in form without a form library (issue 11): the sign-in rules' messages, shown on submit
// and then following what is typed, focus on the first wrong field, and the toasts of the answer.

const signInEmail = vi.fn();
const requestPasswordReset = vi.fn();
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock("@/web/lib/auth-client", () => ({
  authClient: {
    signIn: { email: (input: unknown) => signInEmail(input) },
    requestPasswordReset: (input: unknown) => requestPasswordReset(input),
  },
  authErrorMessage: (error: { message?: string } | null, fallback: string) => error?.message || fallback,
}));
vi.mock("@/web/lib/toasts", () => ({ loadToasts: async () => toast }));
vi.mock("../signed-in", () => ({ loadQueryCache: async () => ({}) }));

beforeEach(() => {
  signInEmail.mockReset();
  requestPasswordReset.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(cleanup);

describe("LoginForm", () => {
  it("sending a reset link from 'Forgot password?' neither submits nor checks the sign-in form", async () => {
    // The sign-in rules loaded already, as after a first submit: a check would show at once.
    await import("@/domain/auth");
    const user = userEvent.setup();
    requestPasswordReset.mockResolvedValue({ data: { status: true }, error: null });
    render(<LoginForm onSignedIn={vi.fn()} showRoleChooser={false} />);
    await user.click(screen.getByRole("button", { name: "Forgot password?" }));
    const dialog = screen.getByRole("dialog", { name: "Reset Password" });
    await user.type(within(dialog).getByLabelText("Email"), "ada@school.edu");
    await user.click(within(dialog).getByRole("button", { name: "Send reset link" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Email sent", { description: "Check your inbox for the reset link." }),
    );
    expect(requestPasswordReset).toHaveBeenCalledWith({ email: "ada@school.edu", redirectTo: "/reset-password" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByText("Email is required")).toBeNull();
    expect(screen.queryByText("Password is required")).toBeNull();
    expect(screen.getByLabelText("Password")).not.toHaveAttribute("aria-invalid", "true");
    expect(signInEmail).not.toHaveBeenCalled();
  });

  it("says what is missing, focuses the first wrong field, and sends nothing", async () => {
    const user = userEvent.setup();
    render(<LoginForm onSignedIn={vi.fn()} showRoleChooser />);
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Email is required")).toBeVisible();
    expect(screen.getByText("Password is required")).toBeVisible();
    expect(screen.getByLabelText("Email")).toHaveFocus();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email is required");

    // After a submit, a field's message follows what is typed; the other field keeps its own.
    await user.type(screen.getByLabelText("Email"), "ada@");
    expect(screen.getByText("Invalid email address")).toBeVisible();
    await user.type(screen.getByLabelText("Email"), "school.edu");
    expect(screen.queryByText("Invalid email address")).toBeNull();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "false");
    expect(screen.getByText("Password is required")).toBeVisible();
    expect(signInEmail).not.toHaveBeenCalled();
  });

  it("signs in with the trimmed email and says 'Welcome back!'", async () => {
    const user = userEvent.setup();
    const onSignedIn = vi.fn();
    signInEmail.mockResolvedValue({ data: { user: {} }, error: null });
    render(<LoginForm onSignedIn={onSignedIn} showRoleChooser={false} />);
    await user.type(screen.getByLabelText("Email"), "  ada@school.edu ");
    await user.type(screen.getByLabelText("Password"), "secret-password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(signInEmail).toHaveBeenCalledWith({ email: "ada@school.edu", password: "secret-password" });
    expect(toast.success).toHaveBeenCalledWith("Welcome back!", { description: "Logging you in..." });
  });

  it("says 'Login failed' with the server's reason", async () => {
    const user = userEvent.setup();
    const onSignedIn = vi.fn();
    signInEmail.mockResolvedValue({ data: null, error: { message: "Invalid email or password" } });
    render(<LoginForm onSignedIn={onSignedIn} showRoleChooser />);
    await user.type(screen.getByLabelText("Email"), "ada@school.edu");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Login failed", { description: "Invalid email or password" }),
    );
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  it("offers the three roles as one radio group the arrow keys move through", async () => {
    const user = userEvent.setup();
    render(<LoginForm onSignedIn={vi.fn()} showRoleChooser />);
    expect(screen.getByRole("group", { name: "I am a..." })).toBeVisible();
    const program = screen.getByRole("radio", { name: /Nursing Program/ });
    expect(program).toBeChecked();
    expect(program).toHaveAccessibleDescription("Clinical coordinators and faculty");
    await user.click(program);
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("radio", { name: /Healthcare Facility/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /Healthcare Facility/ })).toHaveFocus();
    expect(program).not.toBeChecked();
  });
});
