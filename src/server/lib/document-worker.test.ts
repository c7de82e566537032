import { describe, expect, it } from "vitest";
import { createLimit, POOL_SIZE, runDocumentJob, stopDocumentWorkers } from "./document-worker";
import { pdfWithDates, pdfWithInflatingPage } from "./test-pdfs";

const today = "2026-03-20";

describe("createLimit", () => {
  it("grants `size` places, queues up to `maxWaiting`, answers null beyond, after the wait, or once closed", async () => {
    const limit = createLimit(1, 1);
    const first = await limit.acquire(1_000);
    expect(first).toBeTypeOf("function");
    const queued = limit.acquire(60_000);
    expect(await limit.acquire(60_000)).toBeNull(); // one waits already
    first!();
    const second = await queued;
    expect(second).toBeTypeOf("function");
    expect(await limit.acquire(1)).toBeNull(); // waited its 1 ms, nobody released
    second!();
    second!(); // a release counts once
    const third = await limit.acquire(1_000);
    expect(third).toBeTypeOf("function");
    const waiting = limit.acquire(60_000);
    limit.close();
    expect(await waiting).toBeNull();
    expect(await limit.acquire(1_000)).toBeNull();
  });
});

describe("runDocumentJob", () => {
  it("proposes a PDF's dates on a worker", async () => {
    const out = await runDocumentJob(
      { kind: "pdf-dates", bytes: await pdfWithDates(4), today },
      { deadlineMs: 30_000 },
    );
    expect(out).toEqual({
      ok: true,
      value: {
        issuedOn: "2026-01-01",
        expiresOn: "2025-12-31",
        found: ["2026-01-01", "2025-12-31", "2025-12-30", "2025-12-29"],
      },
    });
  });

  it("kills a job at its deadline; the pool goes on with a new worker", async () => {
    const hostile = pdfWithInflatingPage(90);
    const outs = await Promise.all(
      Array.from({ length: POOL_SIZE }, () =>
        runDocumentJob({ kind: "pdf-text", bytes: hostile }, { deadlineMs: 1_000 }),
      ),
    );
    for (const out of outs) expect(out).toEqual({ ok: false, reason: "timeout" });
    const after = await runDocumentJob(
      { kind: "text-dates", text: "Expires 2028-01-31", today },
      { deadlineMs: 30_000 },
    );
    expect(after).toEqual({ ok: true, value: { expiresOn: "2028-01-31", found: ["2028-01-31"] } });
  });

  it("answers busy when every worker is taken and the wait is over", async () => {
    const hostile = pdfWithInflatingPage(90);
    const running = Array.from({ length: POOL_SIZE }, () =>
      runDocumentJob({ kind: "pdf-text", bytes: hostile }, { deadlineMs: 5_000 }),
    );
    expect(await runDocumentJob({ kind: "text-dates", text: "", today }, { deadlineMs: 1_000, waitMs: 1 })).toEqual({
      ok: false,
      reason: "busy",
    });
    await Promise.all(running);
  });

  it("on shutdown, kills running jobs and refuses new ones", async () => {
    const running = runDocumentJob({ kind: "pdf-text", bytes: pdfWithInflatingPage(90) }, { deadlineMs: 60_000 });
    // The job is on its worker once the worker has read part of the file; stopping now kills it.
    await new Promise((r) => setTimeout(r, 500));
    await stopDocumentWorkers();
    expect(await running).toEqual({ ok: false, reason: "stopped" });
    expect(await runDocumentJob({ kind: "text-dates", text: "", today }, { deadlineMs: 1_000 })).toEqual({
      ok: false,
      reason: "stopped",
    });
  });
});
