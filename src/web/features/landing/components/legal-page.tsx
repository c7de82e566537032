import type { ReactNode } from "react";
import { Link } from "react-router";
import { LegalFooter } from "./legal-footer";

/** Layout of the Terms of Service and the Privacy Policy: a readable column of sections. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-border px-4 py-4 sm:px-8">
        <Link to="/" className="font-semibold text-primary">
          Clinical Placement Portal
        </Link>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-8">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated {updated}</p>
        <div className="legal mt-8 grid gap-8 text-slate-800 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:grid [&_ul]:gap-1">
          {children}
        </div>
      </main>
      <LegalFooter />
    </div>
  );
}
