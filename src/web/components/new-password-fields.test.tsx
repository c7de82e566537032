// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NewPasswordFields, type NewPasswordValues, useNewPasswordForm } from "./new-password-fields";

// The password fields the invitations and the reset page share: the rules' messages where a screen
// reader finds them, and what a password manager reads (autocomplete).

afterEach(cleanup);

function Form({ onValid }: { onValid: (values: NewPasswordValues) => void }) {
  const form = useNewPasswordForm();
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <NewPasswordFields form={form} ids={{ password: "p", confirm: "c" }} />
      <button type="submit">Continue</button>
    </form>
  );
}

describe("NewPasswordFields", () => {
  it("hints the length, then says what is wrong with each field", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    const password = screen.getByLabelText("Password");
    const confirm = screen.getByLabelText("Confirm password");
    expect(password).toHaveAttribute("autocomplete", "new-password");
    expect(confirm).toHaveAttribute("autocomplete", "new-password");
    expect(password).toHaveAccessibleDescription("At least 8 characters.");

    await user.type(password, "short");
    await user.type(confirm, "other");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Password must be at least 8 characters")).toBeVisible();
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription("Password must be at least 8 characters");
    expect(confirm).toHaveAccessibleDescription("Passwords do not match");
    expect(onValid).not.toHaveBeenCalled();

    await user.clear(password);
    await user.type(password, "Chosen-Pass-2026");
    await user.clear(confirm);
    await user.type(confirm, "Chosen-Pass-2026");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onValid).toHaveBeenCalledWith(
      { password: "Chosen-Pass-2026", confirm: "Chosen-Pass-2026" },
      expect.anything(),
    );
  });
});
