import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { documentTitle } from "@/domain/web-routes";
import AuthPage from "@/web/features/auth/pages/auth-page";
import LandingPage from "@/web/features/landing/pages/landing-page";
import StudentLandingPage from "@/web/features/landing/pages/student-landing-page";

// Build time only (scripts/build.mjs): the public pages that look the same for everyone, rendered
// to HTML so they paint before any script runs (issue 11). The app's own render then replaces
// this markup with the same markup (main.tsx waits for the page's code first, so nothing flashes).

export const PRERENDERED = { "/": LandingPage, "/student": StudentLandingPage, "/auth": AuthPage } as const;

export const titleOf = (path: keyof typeof PRERENDERED) => documentTitle(path);

export function render(path: keyof typeof PRERENDERED): string {
  const Page = PRERENDERED[path];
  // Nobody is signed in at build time: effects do not run, so /auth renders its sign-in form.
  return renderToString(
    <StaticRouter location={path}>
      <Page />
    </StaticRouter>,
  );
}
