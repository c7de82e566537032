// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ListCopy, ListQuery } from "./list-results";
import type { Column } from "./list-table";
import { ListView } from "./list-view";

// One list's states and table, as every list page shows them.

type Row = { id: string; name: string; gpa: number };
const COLUMNS: Column<Row>[] = [
  { id: "name", header: "Name", sortKey: "name", cell: (r) => r.name },
  { id: "gpa", header: "GPA", cell: (r) => r.gpa.toFixed(2) },
  {
    id: "actions",
    header: <span className="sr-only">Actions</span>,
    actions: true,
    cell: (r) => <button type="button">Invite {r.name}</button>,
  },
];
const COPY: ListCopy = {
  what: "students",
  empty: { title: "No students yet" },
  noMatch: { title: "No students match" },
};
const query = (over: Partial<ListQuery<Row>>): ListQuery<Row> => ({
  isPending: false,
  isError: false,
  isFetching: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});
const page = (items: Row[]) => ({ items, page: 1, pageSize: 20, total: items.length });
const show = (q: ListQuery<Row>, filtered = false, onSort = vi.fn()) =>
  render(
    <ListView
      query={q}
      copy={COPY}
      params={{ filtered, setPage: vi.fn() }}
      label="Students"
      columns={COLUMNS}
      sort={{ key: "name", order: "asc", onSort }}
    />,
  );

/** The window's width as the `md` media query sees it. */
const atWidth = (px: number) =>
  vi.stubGlobal("matchMedia", (media: string) => ({
    matches: px >= Number(/min-width: (\d+)px/.exec(media)?.[1] ?? 0),
    media,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ListView", () => {
  it("says it is loading", () => {
    show(query({ isPending: true }));
    expect(screen.getByRole("status").textContent).toBe("Loading...");
  });

  it("names what failed and offers Try again", () => {
    const q = query({ isError: true, error: new Error("Server down") });
    show(q);
    expect(screen.getByRole("alert").textContent).toContain("Could not load students: Server down");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(q.refetch).toHaveBeenCalled();
  });

  it("tells an empty list from one whose filters match nothing", () => {
    show(query({ data: page([]) }));
    expect(screen.getByText("No students yet")).toBeTruthy();
    cleanup();
    show(query({ data: page([]) }), true);
    expect(screen.getByText("No students match")).toBeTruthy();
  });

  it("shows the rows under their headers, the sorted one marked and sortable, then the pages", () => {
    const onSort = vi.fn();
    show(query({ data: page([{ id: "1", name: "Ada", gpa: 3.9 }]) }), false, onSort);
    const table = screen.getByRole("table", { name: "Students" });
    expect(table.querySelectorAll("tbody tr")).toHaveLength(1);
    expect(screen.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe("ascending");
    expect(screen.getByRole("columnheader", { name: "GPA" }).hasAttribute("aria-sort")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Name" }));
    expect(onSort).toHaveBeenCalledWith("name");
    expect(screen.getByRole("navigation", { name: "Pagination" }).textContent).toContain("Showing 1–1 of 1");
  });

  it("shows each row as a card of labelled fields with its actions below them on a phone", () => {
    atWidth(390);
    show(
      query({
        data: page([
          { id: "1", name: "Ada", gpa: 3.9 },
          { id: "2", name: "Ben", gpa: 3.1 },
        ]),
      }),
    );
    expect(screen.queryByRole("table")).toBeNull();
    const cards = within(screen.getByRole("list", { name: "Students" })).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    const fields = [...cards[0].querySelectorAll("dt")].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(fields).toEqual([
      ["Name", "Ada"],
      ["GPA", "3.90"],
    ]);
    const invite = within(cards[0]).getByRole("button", { name: "Invite Ada" });
    expect(invite.closest("dl")).toBeNull();
  });

  it("keeps the table from md up", () => {
    atWidth(768);
    show(query({ data: page([{ id: "1", name: "Ada", gpa: 3.9 }]) }));
    expect(screen.getByRole("table", { name: "Students" }).querySelectorAll("tbody tr")).toHaveLength(1);
    expect(screen.queryByRole("list", { name: "Students" })).toBeNull();
  });
});
