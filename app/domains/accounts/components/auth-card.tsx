import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "~/components/site/logo";

/** The centred card of the sign-in and sign-up pages, with links to the terms and privacy pages. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-secondary/60 to-background px-4 py-10">
      <header>
        <Logo size="lg" />
      </header>
      <main id="main" className="mt-8 w-full max-w-md rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </main>
      <footer className="mt-6 text-center text-xs text-muted-foreground">
        By continuing you agree to our{" "}
        <Link to="/terms" className="underline">
          Terms and Conditions
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className="underline">
          Privacy Policy
        </Link>
        .
      </footer>
    </div>
  );
}
