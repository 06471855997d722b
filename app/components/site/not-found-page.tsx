import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { PageShell } from "./page-shell";

/** The not-found text with a way back home, inside whichever frame the page has. */
export function NotFound({
  detail = "The page you are looking for does not exist or has moved.",
}: {
  detail?: string;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
      <p className="mt-2 text-muted-foreground">{detail}</p>
      <Link to="/" className={buttonClass({ className: "mt-8" })}>
        Return to Home
      </Link>
    </div>
  );
}

/** The not-found page in the public site's frame. */
export function NotFoundPage({ detail }: { detail?: string }) {
  return (
    <PageShell>
      <NotFound detail={detail} />
    </PageShell>
  );
}
