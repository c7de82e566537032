// The server Playwright starts: a fresh embedded database (with the demo world) in a temp folder.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "cpp-e2e-"));
delete process.env.DATABASE_URL;
process.env.DEMO_DATA = "true";
process.env.APP_URL = `http://localhost:${process.env.PORT}`;
await import("./start.mjs");
