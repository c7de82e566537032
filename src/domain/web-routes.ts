// The web app's pages (issue 9): one list that the React router (src/web/app/router.tsx and
// app-area-routes.tsx) takes its paths from, the server uses to answer 404 for any other path (with
// the same index.html, so the app still shows its 'Oops! Page not found' page), and the browser's
// title comes from.

export const APP_TITLE = "Clinical Placement Portal";

export const WEB_ROUTES = {
  "/": "",
  "/student": "For Students",
  "/auth": "Sign In",
  "/reset-password": "Choose a New Password",
  "/invite/:token": "Create Your Account",
  "/preceptor-invite/:token": "Accept Your Invitation",
  "/terms": "Terms of Service",
  "/privacy": "Privacy Policy",
  "/facility/*": "Placement Management",
  "/dashboard/program": "Student Placement Dashboard",
  "/students": "Students",
  "/students/:id": "Student",
  "/students/:id/compliance": "Student Compliance",
  "/compliance": "Compliance",
  "/placements": "Placements",
  "/matching": "Match Students",
  "/applications": "Applications",
  "/calendar": "Calendar",
  "/learning-resources": "Learning Resources",
  "/agreements": "Affiliation Agreements",
  "/rotations": "Rotation Records",
  "/evaluations": "Evaluations",
  "/hours": "Clinical Hours",
  "/dashboard/facility": "Placement Management",
  "/dashboard/facility/placements": "Placements",
  "/dashboard/facility/applications": "Applications",
  "/dashboard/facility/students": "Placed Students",
  "/dashboard/facility/calendar": "Calendar",
  "/dashboard/facility/requirements": "Requirements",
  "/dashboard/facility/agreements": "Affiliation Agreements",
  "/dashboard/facility/rotations": "Rotations",
  "/dashboard/facility/preceptors": "Preceptors",
  "/dashboard/preceptor": "My Students",
  "/dashboard/preceptor/rotations/:id": "Rotation",
  "/dashboard/facility/evaluations": "Evaluations",
  "/dashboard/preceptor/evaluations": "Evaluations",
  "/dashboard/facility/hours": "Clinical Hours",
  "/dashboard/preceptor/hours": "Clinical Hours",
  "/dashboard/admin": "Platform Overview",
  "/dashboard/admin/programs": "Nursing Programs",
  "/dashboard/admin/facilities": "Healthcare Facilities",
  "/dashboard/admin/programs/:id": "Nursing Program",
  "/dashboard/admin/facilities/:id": "Healthcare Facility",
  "/dashboard/admin/analytics": "Analytics",
  "/dashboard/admin/audit": "Audit Trail",
  "/dashboard/admin/admins": "Administrators",
  "/dashboard/admin/settings": "Settings",
  "/dashboard/admin/agreements": "Affiliation Agreements",
  "/dashboard/student": "Student Dashboard",
  "/student/placements": "Browse Placements",
  "/student/applications": "My Applications",
  "/student/compliance": "My Compliance",
  "/student/calendar": "Calendar",
  "/student/hours": "Clinical Hours",
  "/student/learning": "Learning Center",
  "/student/messages": "Messages",
  "/student/profile": "Profile",
  "/student/evaluations": "My Evaluations",
  "/account": "Account and Security",
  "/messages": "Messages",
} as const;

export type WebRoutePath = keyof typeof WEB_ROUTES;
export const WEB_ROUTE_PATHS = Object.keys(WEB_ROUTES) as WebRoutePath[];
export const NOT_FOUND_TITLE = "Page Not Found";

/** A path of the list, checked by TypeScript: the router writes `path: route("/students")`. */
export const route = (path: WebRoutePath) => path;

const segments = (p: string) => p.split("/").filter(Boolean);

/** As React Router matches: `:param` is one segment, a final `*` the rest; a trailing slash is ignored. */
function matches(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const got = segments(pathname);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === "*") return true;
    if (i >= got.length) return false;
    if (want[i].startsWith(":")) continue;
    let seg: string;
    try {
      seg = decodeURIComponent(got[i]);
    } catch {
      return false;
    }
    if (seg.toLowerCase() !== want[i].toLowerCase()) return false;
  }
  return got.length === want.length;
}

/** The route a path belongs to, or null when the web app has no such page. */
export function matchWebRoute(pathname: string): WebRoutePath | null {
  return WEB_ROUTE_PATHS.find((p) => matches(p, pathname)) ?? null;
}

/** "Students · Clinical Placement Portal"; the home page is just the product's name. */
export function documentTitle(pathname: string): string {
  const path = matchWebRoute(pathname);
  const title = path === null ? NOT_FOUND_TITLE : WEB_ROUTES[path];
  return title ? `${title} · ${APP_TITLE}` : APP_TITLE;
}
