import type { Context } from "hono";
import { csvRow } from "../../domain/csv-cell";

/**
 * Sends a CSV download of any size (D13, issue 14): the rows come page by page from `pages` (a
 * keyset or cursor walk) and each page is written as it arrives, so neither the table nor the file
 * is ever held in memory. UTF-8 with BOM, like sendCsv. A failure after the first byte can no
 * longer change the status: the stream is aborted, so the download ends as failed, never short.
 */
export function streamCsv(c: Context, filename: string, header: string[], pages: AsyncIterable<unknown[][]>) {
  const encoder = new TextEncoder();
  const line = (r: unknown[]) => `${csvRow(r)}\r\n`;
  const iterator = pages[Symbol.asyncIterator]();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${line(header)}`));
        return;
      }
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map(line).join("")));
      } catch (err) {
        c.get("log")?.error({ err }, "csv export failed while streaming");
        controller.error(err);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  c.header("content-type", "text/csv; charset=utf-8");
  c.header("content-disposition", `attachment; filename="${filename}"`);
  return c.body(body);
}
