import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { PageShell } from "./page-shell";

/** The not-found page, with a way back home. */
export function NotFoundPage({ detail = "The page you are looking for does not exist or has moved." }: { detail?: string }) {
  return (
    <PageShell>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <p className="text-7xl font-extrabold text-primary">404</p>
        <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
        <p className="mt-2 text-muted-foreground">{detail}</p>
        <Link to="/" className={buttonClass({ className: "mt-8" })}>
          Return to Home
        </Link>
      </div>
    </PageShell>
  );
}
