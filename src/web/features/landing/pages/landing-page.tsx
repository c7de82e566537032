import {
  BarChart3,
  Brain,
  Building2,
  CalendarDays,
  ClipboardCheck,
  GraduationCap,
  LineChart,
  Search,
  ShieldCheck,
  Upload,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "@/web/components/ui/button-variants";
import { LegalFooter } from "../components/legal-footer";

const STAKEHOLDERS = [
  {
    icon: GraduationCap,
    title: "Nursing Programs",
    text: "Manage your roster, submit students in bulk and track every application.",
    to: "/auth",
  },
  {
    icon: Building2,
    title: "Healthcare Facilities",
    text: "Publish placements with real capacity and review applications in one place.",
    to: "/auth",
  },
  {
    icon: Users,
    title: "Students",
    text: "Browse placements, apply, keep your documents once and follow your rotations.",
    to: "/student",
  },
];

// The landing page's promises (spec section 1).
const FEATURES = [
  {
    icon: Upload,
    title: "Bulk student placement submissions",
    text: "Import a roster and apply for many students at once.",
  },
  {
    icon: ClipboardCheck,
    title: "Compliance tracking",
    text: "Immunizations and certifications kept once, checked everywhere.",
  },
  { icon: Search, title: "Facility search", text: "Find placements by specialty, place and dates." },
  { icon: ShieldCheck, title: "Application review", text: "A clear review flow with decisions and notes." },
  { icon: BarChart3, title: "Capacity management", text: "Departments and placements that never overfill." },
  { icon: LineChart, title: "Performance analytics", text: "Placement and compliance rates from live data." },
  {
    icon: Brain,
    title: "AI-powered recommendations and matching",
    text: "Transparent scoring with a reason for every match.",
  },
  { icon: CalendarDays, title: "Scheduling and calendar", text: "Rotation calendars with conflict checks." },
  { icon: Users, title: "User verification", text: "Organizations verified before they exchange applications." },
  { icon: LineChart, title: "Market trend analysis", text: "Regional demand and capacity across specialties." },
];

export default function LandingPage() {
  return (
    <div className="min-h-screen bg-white">
      <header className="flex items-center justify-between border-b border-border px-4 py-3 sm:px-8">
        <span className="flex items-center gap-2 font-semibold text-teal-900">
          <span aria-hidden className="flex size-7 items-center justify-center rounded bg-primary text-white">
            +
          </span>
          Clinical Placement Portal
        </span>
        <nav aria-label="Account" className="flex gap-2">
          <Link className={buttonVariants({ variant: "outline", size: "sm" })} to="/student">
            Student Portal
          </Link>
          <Link className={buttonVariants({ size: "sm" })} to="/auth">
            Get Started
          </Link>
        </nav>
      </header>
      <main>
        <section className="bg-gradient-to-br from-teal-50 to-white px-4 py-16 text-center sm:px-8 sm:py-24">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Clinical placements for nursing, on one platform
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">
            Programs, healthcare facilities and students connected: placements with real capacity, a clear review flow,
            compliance documents kept once, and matching that explains itself.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link className={buttonVariants({ size: "lg" })} to="/auth">
              Get Started
            </Link>
            <Link className={buttonVariants({ variant: "outline", size: "lg" })} to="/student">
              Student Portal
            </Link>
          </div>
        </section>
        <section aria-labelledby="who" className="px-4 py-16 sm:px-8">
          <h2 id="who" className="text-center text-2xl font-bold">
            Built for everyone in clinical education
          </h2>
          <div className="mx-auto mt-8 grid max-w-5xl gap-4 md:grid-cols-3">
            {STAKEHOLDERS.map((s) => (
              <Link
                key={s.title}
                to={s.to}
                className="rounded-lg border border-border p-6 hover:border-primary hover:shadow-sm"
              >
                <s.icon className="size-8 text-primary" aria-hidden />
                <h3 className="mt-3 text-lg font-semibold">{s.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{s.text}</p>
              </Link>
            ))}
          </div>
        </section>
        <section aria-labelledby="features" className="bg-slate-50 px-4 py-16 sm:px-8">
          <h2 id="features" className="text-center text-2xl font-bold">
            Everything a placement needs
          </h2>
          <ul className="mx-auto mt-8 grid max-w-5xl gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-lg bg-white p-5 shadow-sm">
                <f.icon className="size-6 text-primary" aria-hidden />
                <h3 className="mt-2 font-semibold">{f.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="px-4 py-16 text-center sm:px-8">
          <h2 className="text-2xl font-bold">Ready to place your students?</h2>
          <p className="mt-2 text-slate-700">No fees for students. Programs and facilities start in minutes.</p>
          <Link className={buttonVariants({ size: "lg", class: "mt-6" })} to="/auth?mode=signup">
            Start Your Free Trial
          </Link>
        </section>
      </main>
      <LegalFooter />
    </div>
  );
}
