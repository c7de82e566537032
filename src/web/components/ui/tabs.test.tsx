// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

// Our tabs primitive (ADR 018): the ARIA tabs pattern, as Radix Tabs behaved before it.

afterEach(cleanup);

function Three({ onValueChange }: { onValueChange?: (v: string) => void }) {
  return (
    <Tabs defaultValue="b" onValueChange={onValueChange}>
      <TabsList aria-label="Letters">
        <TabsTrigger value="a">Alpha</TabsTrigger>
        <TabsTrigger value="b">Bravo</TabsTrigger>
        <TabsTrigger value="c">Charlie</TabsTrigger>
      </TabsList>
      <TabsContent value="a">Panel A</TabsContent>
      <TabsContent value="b">Panel B</TabsContent>
      <TabsContent value="c">Panel C</TabsContent>
    </Tabs>
  );
}

function Controlled() {
  const [value, setValue] = useState("a");
  return (
    <>
      <output>{value}</output>
      <Tabs value={value} onValueChange={setValue}>
        <TabsList>
          <TabsTrigger value="a">Alpha</TabsTrigger>
          <TabsTrigger value="b">Bravo</TabsTrigger>
        </TabsList>
        <TabsContent value="a">Panel A</TabsContent>
        <TabsContent value="b">Panel B</TabsContent>
      </Tabs>
    </>
  );
}

const tab = (name: string) => screen.getByRole("tab", { name });

describe("Tabs", () => {
  it("ties each tab to its panel, with the selected one the only tab stop and the only panel rendered", () => {
    render(<Three />);
    expect(screen.getByRole("tablist", { name: "Letters" })).toHaveAttribute("aria-orientation", "horizontal");
    expect(tab("Bravo")).toHaveAttribute("aria-selected", "true");
    expect(tab("Bravo")).toHaveAttribute("data-state", "active");
    expect(tab("Bravo")).toHaveAttribute("tabindex", "0");
    expect(tab("Alpha")).toHaveAttribute("aria-selected", "false");
    expect(tab("Alpha")).toHaveAttribute("tabindex", "-1");
    const panel = screen.getByRole("tabpanel");
    expect(panel).toHaveTextContent("Panel B");
    expect(panel).toHaveAccessibleName("Bravo");
    expect(tab("Bravo")).toHaveAttribute("aria-controls", panel.id);
    expect(screen.queryByText("Panel A")).toBeNull();
  });

  it("moves and selects with the arrow keys (wrapping), Home and End; Tab reaches the selected tab", async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(<Three onValueChange={changed} />);
    await user.tab();
    expect(tab("Bravo")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(tab("Charlie")).toHaveFocus();
    expect(tab("Charlie")).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Panel C");
    await user.keyboard("{ArrowRight}");
    expect(tab("Alpha")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(tab("Charlie")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(tab("Alpha")).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{End}");
    expect(tab("Charlie")).toHaveAttribute("aria-selected", "true");
    expect(changed.mock.calls.map(([v]) => v)).toEqual(["c", "a", "c", "a", "c"]);
    // From the tab, Tab goes into the panel.
    await user.tab();
    expect(screen.getByRole("tabpanel")).toHaveFocus();
  });

  it("selects on click, and follows the value when controlled", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(tab("Bravo"));
    expect(screen.getByRole("status")).toHaveTextContent("b");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Panel B");
  });
});
