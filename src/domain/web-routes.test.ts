import { describe, expect, it } from "vitest";
import { documentTitle, matchWebRoute, WEB_ROUTE_PATHS, WEB_ROUTES } from "./web-routes";

describe("web routes", () => {
  it("match as the router does", () => {
    expect(matchWebRoute("/")).toBe("/");
    expect(matchWebRoute("/students")).toBe("/students");
    expect(matchWebRoute("/students/")).toBe("/students");
    expect(matchWebRoute("/students/abc")).toBe("/students/:id");
    expect(matchWebRoute("/students/abc/compliance")).toBe("/students/:id/compliance");
    expect(matchWebRoute("/facility/applications")).toBe("/facility/*");
    expect(matchWebRoute("/invite/tok-en_1")).toBe("/invite/:token");
    expect(matchWebRoute("/nope")).toBeNull();
    expect(matchWebRoute("/students/abc/def")).toBeNull();
    expect(matchWebRoute("/invite")).toBeNull();
  });
  it("give every page its own title", () => {
    expect(documentTitle("/students")).toBe("Students · Clinical Placement Portal");
    expect(documentTitle("/")).toBe("Clinical Placement Portal");
    expect(documentTitle("/student/calendar")).toBe("Calendar · Clinical Placement Portal");
    expect(documentTitle("/nope")).toBe("Page Not Found · Clinical Placement Portal");
    for (const p of WEB_ROUTE_PATHS) if (p !== "/") expect(WEB_ROUTES[p]).not.toBe("");
  });
});
