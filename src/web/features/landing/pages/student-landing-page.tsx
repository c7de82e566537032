import { ClipboardList, FileCheck2, MessageSquare, Search } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "@/web/components/ui/button-variants";

const POINTS = [
  { icon: Search, title: "Browse placements", text: "Find rotations by specialty, place and dates." },
  { icon: ClipboardList, title: "Apply and track", text: "See every application's status as it changes." },
  { icon: FileCheck2, title: "Upload documents once", text: "Every facility sees your compliance status." },
  { icon: MessageSquare, title: "Message your coordinators", text: "Questions answered without email chains." },
];

export default function StudentLandingPage() {
  return (
    <div className="min-h-screen bg-white">
      <header className="flex items-center justify-between border-b border-border px-4 py-3 sm:px-8">
        <Link to="/" className="font-semibold text-teal-900">
          Clinical Placement Portal
        </Link>
        <Link className={buttonVariants({ variant: "outline", size: "sm" })} to="/auth?role=student&mode=signin">
          Sign In
        </Link>
      </header>
      <main className="px-4 py-16 sm:px-8">
        <h1 className="text-center text-4xl font-bold tracking-tight">Your clinical rotations, in one place</h1>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">
          For nursing students whose program uses the portal. Free for students, always.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link className={buttonVariants({ size: "lg" })} to="/auth?role=student&mode=signin">
            Sign In
          </Link>
          <Link className={buttonVariants({ variant: "outline", size: "lg" })} to="/auth?role=student">
            Create your student account
          </Link>
        </div>
        <ul className="mx-auto mt-14 grid max-w-4xl gap-4 sm:grid-cols-2">
          {POINTS.map((p) => (
            <li key={p.title} className="rounded-lg border border-border p-5">
              <p.icon className="size-6 text-primary" aria-hidden />
              <h2 className="mt-2 font-semibold">{p.title}</h2>
              <p className="mt-1 text-sm text-slate-700">{p.text}</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
