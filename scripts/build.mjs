// `npm run build` (and `npm start` when the build is stale): the web app for production, then the
// public pages that look the same for everyone prerendered to HTML beside it (src/web/prerender.tsx).
// NODE_ENV is production whatever the caller's says: a development build is never served (issue 11).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vite = path.join(root, "node_modules/vite/bin/vite.js");
const ssrOut = path.join(root, "dist/prerender");
const env = { ...process.env, NODE_ENV: "production" };
const run = (args) => execFileSync(process.execPath, [vite, ...args], { cwd: root, stdio: "inherit", env });

run(["build", "--logLevel", "warn"]);
run(["build", "--ssr", "src/web/prerender.tsx", "--outDir", ssrOut, "--logLevel", "warn"]);

const { render, titleOf, PRERENDERED } = await import(pathToFileURL(path.join(ssrOut, "prerender.js")).href);
const shell = readFileSync(path.join(root, "dist/web/index.html"), "utf8");
const outDir = path.join(root, "dist/web/prerendered");
mkdirSync(outDir, { recursive: true });
for (const page of Object.keys(PRERENDERED)) {
  const html = shell
    .replace('<div id="root"></div>', `<div id="root">${render(page)}</div>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${titleOf(page)}</title>`);
  writeFileSync(path.join(outDir, page === "/" ? "index.html" : `${page.slice(1)}.html`), html);
}
rmSync(ssrOut, { recursive: true, force: true });

// The shell (every page that is not prerendered: the signed-in ones above all) fetches the other
// pages' route table and the chunks it imports beside the entry instead of after it: two round trips
// less before their page's code is asked for. The prerendered pages, written above, never load it
// (ADR 028).
const assets = path.join(root, "dist/web/assets");
const appArea = readdirSync(assets).filter((f) => /^app-area-routes-[\w-]+\.js$/.test(f));
if (appArea.length !== 1) throw new Error(`expected one app-area-routes chunk, found ${appArea.length}`);
const imported = [
  ...readFileSync(path.join(assets, appArea[0]), "utf8").matchAll(/(?:from|import)\s*"\.\/([\w-]+\.js)"/g),
];
const preloads = [appArea[0], ...imported.map((m) => m[1])].filter((f) => !shell.includes(`/assets/${f}"`));
const links = preloads.map((f) => `  <link rel="modulepreload" crossorigin href="/assets/${f}">\n  `).join("");
writeFileSync(path.join(root, "dist/web/index.html"), shell.replace("</head>", `${links}</head>`));

// Every text file also as .br and .gz, made once here: the server sends the smaller one the browser
// accepts without compressing anything per request (serveStatic's precompressed option).
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) precompress(file);
    else if (/\.(js|css|html|svg|json)$/.test(name)) {
      const body = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  }
}
precompress(path.join(root, "dist/web"));
