import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("a chart's CSV", () => {
  const columns = [
    { header: "Facility", value: (r: { name: string; rate: number | null }) => r.name },
    { header: "Acceptance rate", value: (r: { name: string; rate: number | null }) => r.rate },
  ];

  it("writes a header and one line per row, quoting what needs it", () => {
    expect(
      toCsv(columns, [
        { name: 'Harbor "General", East', rate: 67 },
        { name: "Mercy", rate: null },
      ]),
    ).toBe('Facility,Acceptance rate\r\n"Harbor ""General"", East",67\r\nMercy,\r\n');
  });

  it("neutralises a cell a spreadsheet would run as a formula", () => {
    expect(toCsv(columns, [{ name: "=HYPERLINK(1)", rate: 1 }])).toBe(
      "Facility,Acceptance rate\r\n'=HYPERLINK(1),1\r\n",
    );
  });
});

describe("a chart's CSV cells holding a separator", () => {
  it("quotes ; tab CR LF and quotes, so a spreadsheet splitting on ';' keeps one cell", () => {
    const columns = [{ header: "Name", value: (r: string) => r }];
    expect(toCsv(columns, ["Smith;=1+1;x", "a\tb", "a\rb", "a\nb", 'say "hi"'])).toBe(
      'Name\r\n"Smith;=1+1;x"\r\n"a\tb"\r\n"a\rb"\r\n"a\nb"\r\n"say ""hi"""\r\n',
    );
  });
});
