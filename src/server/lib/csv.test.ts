import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoordinator, createProgram, createStudent } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/harness";
import { sendCsv, toCsv } from "./csv";
import { streamCsv } from "./csv-stream";

// A spreadsheet set to split on ';' must see each of these as one cell, never a cell starting "=1+1".
const TRICKY = ["Smith;=1+1;x", "a\tb", "a\rb", "a\nb", 'say "hi"'];
const QUOTED = ['"Smith;=1+1;x"', '"a\tb"', '"a\rb"', '"a\nb"', '"say ""hi"""'];

describe("the CSV writers", () => {
  it("toCsv quotes a cell holding ; tab CR LF or a quote", () => {
    expect(
      toCsv(
        ["Name"],
        TRICKY.map((v) => [v]),
      ),
    ).toBe(`Name\r\n${QUOTED.join("\r\n")}\r\n`);
  });

  it("sendCsv and streamCsv write the same quoted cells", async () => {
    async function* pages() {
      yield TRICKY.slice(0, 2).map((v) => [v]);
      yield TRICKY.slice(2).map((v) => [v]);
    }
    const app = new Hono()
      .get("/whole", (c) =>
        sendCsv(
          c,
          "x.csv",
          ["Name"],
          TRICKY.map((v) => [v]),
        ),
      )
      .get("/stream", (c) => streamCsv(c, "x.csv", ["Name"], pages()));
    // Response.text() drops the BOM the writers put first.
    const expected = `Name\r\n${QUOTED.join("\r\n")}\r\n`;
    expect(await (await app.request("/whole")).text()).toBe(expected);
    expect(await (await app.request("/stream")).text()).toBe(expected);
  });
});

describe("exports of names holding ';'", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("the students roster quotes a last name Smith;=1+1;x", async () => {
    const program = await createProgram(t, { name: "Semicolon Program" });
    const coord = await createCoordinator(t, program.id);
    await createStudent(t, program.id, { firstName: "Ann", lastName: "Smith;=1+1;x", email: "ann@semicolon.test" });
    const res = await t.call("GET", "/api/students/export.csv", { cookie: coord.cookie });
    expect(res.status).toBe(200);
    const line = res.text.split("\r\n").find((l) => l.includes("ann@semicolon.test"));
    expect(line).toMatch(/^Ann,"Smith;=1\+1;x",ann@semicolon\.test,/);
  });

  it("the streamed organizations export quotes a name holding ';'", async () => {
    const admin = await t.createUser("admin");
    await createProgram(t, { name: "Zsemi;=1+1;x" });
    const res = await t.call("GET", "/api/admin/organizations/export.csv?kind=program&search=zsemi", {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.text.split("\r\n")[1]).toMatch(/^"Zsemi;=1\+1;x",/);
  });
});
