// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ITEM_STATUS_LABELS, ITEM_STATUSES } from "@/domain/compliance";
import { ItemStatusBadge, ReadinessBadge } from "./item-status-badge";

afterEach(cleanup);

describe("ItemStatusBadge", () => {
  it("says each status in words, the icon hidden from screen readers (never color alone)", () => {
    for (const status of ITEM_STATUSES) {
      const { container } = render(<ItemStatusBadge status={status} />);
      const badge = container.firstElementChild as HTMLElement;
      expect(badge.textContent).toBe(ITEM_STATUS_LABELS[status]);
      expect(badge.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
      cleanup();
    }
  });

  it("colors the statuses apart: approved green, expiring amber, rejected and expired red, missing grey", () => {
    const tone = (status: (typeof ITEM_STATUSES)[number]) => {
      render(<ItemStatusBadge status={status} />);
      const cls = screen.getByText(ITEM_STATUS_LABELS[status]).className;
      cleanup();
      return cls;
    };
    expect(tone("approved")).toContain("bg-green-100");
    expect(tone("expiring")).toContain("bg-amber-100");
    expect(tone("rejected")).toContain("bg-red-100");
    expect(tone("expired")).toContain("bg-red-100");
    expect(tone("missing")).toContain("bg-muted");
    expect(tone("submitted")).not.toBe(tone("approved"));
  });

  it("names a requirement's readiness for a rotation", () => {
    render(<ReadinessBadge readiness="expiring_before_end" />);
    expect(screen.getByText("Expires before the rotation ends")).toBeTruthy();
  });
});
