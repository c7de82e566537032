import { Link } from "react-router";

/** The public pages' footer: the product, its Terms of Service and Privacy Policy. */
export function LegalFooter() {
  return (
    <footer className="border-t border-border px-4 py-6 text-center text-sm text-muted-foreground">
      <p>© {new Date().getFullYear()} Clinical Placement Portal</p>
      <nav aria-label="Legal" className="mt-2 flex justify-center gap-4">
        <Link to="/terms" className="underline underline-offset-2 hover:text-foreground">
          Terms of Service
        </Link>
        <Link to="/privacy" className="underline underline-offset-2 hover:text-foreground">
          Privacy Policy
        </Link>
      </nav>
    </footer>
  );
}
