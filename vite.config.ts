import { writeFileSync } from "node:fs";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes dist/web/build.json: whether this build runs React's production runtime. `npm start`
 * rebuilds when it does not (a build once made with NODE_ENV=development is never served; issue 11).
 */
function buildStamp(): Plugin {
  let production = false;
  let outDir = "";
  return {
    name: "build-stamp",
    apply: "build",
    configResolved(config) {
      production = config.isProduction;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeFileSync(path.join(outDir, "build.json"), JSON.stringify({ production, builtAt: new Date().toISOString() }));
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), buildStamp()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  build: { outDir: "dist/web", emptyOutDir: true, sourcemap: false },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
