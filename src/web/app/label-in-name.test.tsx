// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AgreementRequiredNotice } from "@/web/components/agreement-required-notice";
import { RowActions } from "@/web/components/list-page/cells";
import { DoneButton } from "@/web/features/learning/components/done-button";
import type { ResourceCard } from "@/web/features/learning/types";
import { StatusCounts } from "@/web/features/preceptors/pages/rotations-page";

// WCAG 2.5.3 Label in Name, checked where axe cannot run it (jsdom has no layout): a control named
// by aria-label must start with the text it shows, so a speech-input user can say what they see.
// Visible text as axe reads it: the text nodes joined as they are, without what is aria-hidden or
// sr-only; case, punctuation and spacing aside.

afterEach(cleanup);

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

function visibleText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.nodeValue ?? "";
  if (!(node instanceof Element)) return "";
  if (node.getAttribute("aria-hidden") === "true" || node.classList.contains("sr-only")) return "";
  return [...node.childNodes].map(visibleText).join("");
}

/** Each control whose aria-label does not begin with its visible text, as "visible → name". */
function labelInNameProblems(root: HTMLElement): string[] {
  return [...root.querySelectorAll<HTMLElement>("button[aria-label], a[aria-label], [role][aria-label]")]
    .map((el) => ({ seen: words(visibleText(el)), name: words(el.getAttribute("aria-label") ?? "") }))
    .filter(({ seen, name }) => seen !== "" && !name.startsWith(seen))
    .map(({ seen, name }) => `${seen} → ${name}`);
}

const withQueries = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe("label in name", () => {
  it("the check itself flags a name that does not start with the visible text", () => {
    const { container } = render(
      <button type="button" aria-label="Mark Orientation day as done">
        Mark as done
      </button>,
    );
    expect(labelInNameProblems(container)).toEqual(["mark as done → mark orientation day as done"]);
  });

  it("'Mark as done' is named 'Mark as done: <resource>', then 'Done: <resource>'", () => {
    const resource = { id: "r1", title: "SBAR Handoff Communication", completedAt: null } as ResourceCard;
    const { container, rerender } = withQueries(<DoneButton resource={resource} />);
    expect(labelInNameProblems(container)).toEqual([]);
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <DoneButton resource={{ ...resource, completedAt: "2026-12-01T00:00:00Z" }} />
      </QueryClientProvider>,
    );
    expect(labelInNameProblems(container)).toEqual([]);
  });

  it("a status figure reads as it is named ('Current 3', then 'Show these')", () => {
    const { container } = render(
      <StatusCounts counts={{ current: 3, upcoming: 6, ended: 2 }} failed={false} onPick={() => {}} />,
    );
    expect(container.querySelectorAll("button")).toHaveLength(3);
    expect(labelInNameProblems(container)).toEqual([]);
  });

  it("row actions and the agreement notice start with their text", () => {
    const { container } = render(
      <>
        <RowActions
          actions={[
            { text: "Resend", label: "Resend the invitation to a@b.test", onClick: () => {} },
            { text: "Revoke", label: "Revoke the invitation to a@b.test", onClick: () => {} },
          ]}
        />
        <AgreementRequiredNotice facilityName="Mercy" title="ICU rotation" viewer="student" />
      </>,
    );
    expect(labelInNameProblems(container)).toEqual([]);
  });
});
