import { describe, expect, it } from "vitest";
import { serverProcessFlags } from "./server-process-flags";

// Issue 11: the server processes of a multi-process start get a larger young generation, unless
// the operator sized it already (their flags or NODE_OPTIONS win).
describe("serverProcessFlags", () => {
  it("adds the young generation's size to the primary's own flags", () => {
    expect(serverProcessFlags(["--import", "tsx"], undefined)).toEqual(["--import", "tsx", "--max-semi-space-size=64"]);
  });
  it("keeps a size given in the flags or in NODE_OPTIONS", () => {
    expect(serverProcessFlags(["--max-semi-space-size=16"], undefined)).toEqual(["--max-semi-space-size=16"]);
    expect(serverProcessFlags([], "--enable-source-maps --max-semi-space-size=8")).toEqual([]);
  });
});
