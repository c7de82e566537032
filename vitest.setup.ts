import { afterEach, beforeEach, expect, vi } from "vitest";

// A test fails on any console.error it causes (issue 10): an error the app only logged to the
// console is an error nobody sees. Server code logs through pino, never the console.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(
    errors.map((args) => args.map(String).join(" ")),
    "console.error during the test",
  ).toEqual([]);
});
