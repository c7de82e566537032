// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AnswerText } from "./answer-text";

// The assistant's answer as the chat shows it: its citations become links into the app; links a
// model might write to anywhere else stay text.

afterEach(cleanup);

const show = (content: string) =>
  render(
    <MemoryRouter>
      <AnswerText content={content} />
    </MemoryRouter>,
  );

describe("AnswerText", () => {
  it("turns the Sources block's citations into links into the app", () => {
    show(
      'From "SBAR": Situation first. [1]\n\nSources:\n[1] [SBAR Handoff Communication](/student/learning?resource=abc)',
    );
    const link = screen.getByRole("link", { name: "SBAR Handoff Communication" });
    expect(link).toHaveAttribute("href", "/student/learning?resource=abc");
    expect(screen.getByText(/Situation first\. \[1\]/)).toBeInTheDocument();
  });

  it("keeps outside and protocol-relative links as text", () => {
    show("See [this](https://evil.example) and [that](//evil.example/x).");
    expect(screen.queryAllByRole("link")).toHaveLength(0);
    expect(screen.getByText(/\[this\]\(https:\/\/evil\.example\)/)).toBeInTheDocument();
  });

  // Each as a quoted resource might hold it: the browser resolves every one of these to another host
  // or to a script, so none may become a link.
  it.each([
    "/\\evil.example/phish",
    "\\\\evil.example",
    "//evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "/x/..//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
  ])("keeps [Official guide](%s) as text", (href) => {
    show(`As the resource says: [Official guide](${href}) explains it.`);
    expect(screen.queryAllByRole("link")).toHaveLength(0);
    expect(screen.getByText(/As the resource says:/)).toHaveTextContent("[Official guide]");
  });

  it("links only where the browser stays in the app", () => {
    show(
      "[Guide](/learning?resource=x) [Escaped](/%5Cevil.example) [Backslash](/\\evil.example/phish) [Tab](/\t/evil.example)",
    );
    const links = screen.getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(["Guide", "Escaped"]);
    expect(links[0]).toHaveAttribute("href", "/learning?resource=x");
    for (const link of links) {
      expect(new URL(link.getAttribute("href") ?? "", window.location.origin).origin).toBe(window.location.origin);
    }
  });
});
