// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation, useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SEARCH_DEBOUNCE_MS, useListParams } from "./use-list-params";

// The list-page kit keeps a list's state in the address: these are the rules every list page relies on.

const DEFAULTS = { status: "", enrollment: "active", sort: "createdAt" };

function setup(url: string, options?: Parameters<typeof useListParams>[1]) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({
      list: useListParams(DEFAULTS, options),
      search: new URLSearchParams(useLocation().search),
      pathname: useLocation().pathname,
      navigate: useNavigate(),
    }),
    { wrapper },
  );
}

describe("useListParams", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reads filters, search and page from the address, with the defaults for what is missing", () => {
    const { result } = setup("/students?status=pending&q=ada&page=3");
    expect(result.current.list.filters).toEqual({ status: "pending", enrollment: "active", sort: "createdAt" });
    expect(result.current.list.search).toBe("ada");
    expect(result.current.list.searchText).toBe("ada");
    expect(result.current.list.page).toBe(3);
    expect(result.current.list.query).toEqual({ ...result.current.list.filters, search: "ada", page: 3 });
    expect(result.current.list.filtered).toBe(true);
  });

  it("is not filtered at the defaults, and reads a nonsense page as page 1", () => {
    const { result } = setup("/students?page=-2");
    expect(result.current.list.filtered).toBe(false);
    expect(result.current.list.page).toBe(1);
  });

  it("writes a filter to the address, leaves out a default value, and goes back to page 1", () => {
    const { result } = setup("/students?page=4&enrollment=withdrawn");
    act(() => result.current.list.set({ status: "approved", enrollment: "active" }));
    expect(result.current.search.get("status")).toBe("approved");
    expect(result.current.search.has("enrollment")).toBe(false);
    expect(result.current.search.has("page")).toBe(false);
  });

  it("pages without touching the filters, and leaves page 1 out of the address", () => {
    const { result } = setup("/students?status=pending");
    act(() => result.current.list.setPage(2));
    expect(result.current.search.toString()).toBe("status=pending&page=2");
    act(() => result.current.list.setPage(1));
    expect(result.current.search.toString()).toBe("status=pending");
  });

  it("shows the typed search at once and filters by it once typing pauses", () => {
    const { result } = setup("/students");
    act(() => result.current.list.setSearchText(" grace "));
    expect(result.current.list.searchText).toBe(" grace ");
    expect(result.current.search.has("q")).toBe(false);
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.search.get("q")).toBe("grace");
    expect(result.current.list.search).toBe("grace");
    expect(result.current.list.searchText).toBe(" grace ");
  });

  it("clears the search and the filters, not the kept parameters nor the page's scope", () => {
    const { result } = setup("/students?program=p1&q=ada&status=pending&sort=name&page=2", { keep: ["sort"] });
    act(() => result.current.list.clear());
    expect(result.current.search.toString()).toBe("program=p1&sort=name");
    expect(result.current.list.searchText).toBe("");
    expect(result.current.list.param("program")).toBe("p1");
  });

  it("does not count kept parameters as filters", () => {
    const { result } = setup("/students?sort=name", { keep: ["sort"] });
    expect(result.current.list.filtered).toBe(false);
  });

  it("namespaces its keys with a prefix, so two lists share one address", () => {
    const { result } = setup("/dashboard/admin?claims-q=x&q=other");
    expect(setup("/dashboard/admin?claims-q=x&q=other", { prefix: "claims" }).result.current.list.search).toBe("x");
    expect(result.current.list.search).toBe("other");
  });

  // The search reaches the address 300 ms after the last key: whatever the address became meanwhile
  // is kept (it used to be written over with the address as it was when the key was typed).
  it("keeps a filter chosen while the search was still pending", () => {
    const { result } = setup("/students");
    act(() => result.current.list.setSearchText("grace"));
    act(() => result.current.list.set({ status: "approved" }));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.search.get("status")).toBe("approved");
    expect(result.current.search.get("q")).toBe("grace");
  });

  it("keeps a link followed while the search was still pending (a result opened at once)", () => {
    const { result } = setup("/learning?tab=resources");
    act(() => result.current.list.setSearchText("garage"));
    act(() => result.current.navigate("?tab=resources&resource=r1"));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.search.get("resource")).toBe("r1");
  });

  it("leaves a pending search behind when a row opens another page meanwhile", () => {
    const { result } = setup("/students?status=pending");
    act(() => result.current.list.setSearchText("grace"));
    act(() => result.current.navigate("/students/s1?tab=documents"));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.pathname).toBe("/students/s1");
    expect(result.current.search.toString()).toBe("tab=documents");
  });
});
