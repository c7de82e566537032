import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { createRouter } from "./app/router";
import "./styles.css";

const router = createRouter();

/** Resolves once the first page's code is loaded (routes are lazy). */
const firstPageLoaded = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => {
    if (state.initialized) {
      stop();
      resolve();
    }
  });
});

// A prerendered page (scripts/build.mjs) is on screen already: render only once its code is here, so
// the first render replaces it with the same markup instead of a blank screen.
await firstPageLoaded;
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
