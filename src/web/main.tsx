import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes, preloadRoutes } from "./app/router";
import "./styles.css";

// A prerendered page (scripts/build.mjs) is on screen already: render only once its code is here, so
// the first render replaces it with the same markup instead of a blank screen. Declarative routing,
// not the data router: the app uses none of its data APIs, and it alone would put the public pages
// over their 100 kB of JavaScript (ADR 017).
// A page whose code fails to load renders its error (router.tsx) instead of nothing.
await preloadRoutes(window.location.pathname).catch(() => {});
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
