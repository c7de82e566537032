// `npm run bench:web`: the public pages' JavaScript weight (gzipped, as Chromium loads them from the
// production build served by the real server). Prints figures and the machine; asserts nothing.
import os from "node:os";
import { measureWeights, startServer } from "./web-weight";

console.log(`machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}`);
const server = await startServer();
try {
  console.log("\n| page | scripts | JavaScript, gzipped |\n|---|---|---|");
  for (const r of await measureWeights()) console.log(`| \`${r.page}\` | ${r.files} | ${r.gzipKb.toFixed(1)} kB |`);
} finally {
  await server.stop();
}
