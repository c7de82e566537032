import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-100 p-4 text-center">
      <h1 className="text-5xl font-bold">404</h1>
      <p className="text-xl text-slate-700">Oops! Page not found</p>
      <Link to="/" className="text-primary underline underline-offset-4">
        Return to Home
      </Link>
    </main>
  );
}
