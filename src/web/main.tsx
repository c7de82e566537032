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
// No top-level await here: a module that has one turns off Rolldown's chunk optimization, which then
// left React, React DOM and React Router in chunks of their own beside the entry instead of in it,
// about 3 kB more gzipped JavaScript on every page (ADR 028).
preloadRoutes(window.location.pathname)
  .catch(() => {})
  .then(() =>
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
