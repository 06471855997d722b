import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { RootErrorPage } from "~/components/site/error-pages";
import { Toaster } from "~/components/ui/toaster";
import { useNonce } from "~/lib/nonce";
import { useShouldHydrate } from "~/lib/route-handle";
import { rememberTimeZone } from "~/domains/workspace/greeting";
import { showToast } from "~/lib/toast";
import { readCurrentUser } from "~/kernel/session/read-current-user.server";
import { takeToast } from "~/server/toast/toast-cookie.server";
import stylesheet from "~/styles/app.css?url";
import { requestContext } from "~/server/http/request-context.server";
import { ERROR_REPORTING_META, installBrowserErrorReporting } from "~/lib/error-reporting/browser-error-reporting";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Who is signed in and the carried-over toast, read in the page's own statement (`batch`); empty at prerender. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context?.services;
  if (!services) return { user: null, toast: null, errorReportingDsn: null };
  const [user, { toast, headers }] = await Promise.all([
    readCurrentUser(services, requestContext(request), { batch: context }),
    takeToast(request),
  ]);
  // The browser's error-reporting DSN (public by design; prerendered pages get it from the server, create-app.ts).
  const errorReportingDsn = services.env.SENTRY_BROWSER_DSN ?? null;
  return data({ user: user && { email: user.email, name: user.name }, toast, errorReportingDsn }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrate = useShouldHydrate();
  const errorReportingDsn = useRouteLoaderData<typeof loader>("root")?.errorReportingDsn;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4338ca" />
        {errorReportingDsn ? <meta name={ERROR_REPORTING_META} content={errorReportingDsn} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <Toaster />
            <ScrollRestoration nonce={nonce || undefined} />
            <Scripts nonce={nonce || undefined} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const toast = loaderData?.toast;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
  // A marker for tests and tools: the page is interactive (hydration runs after the first paint).
  useEffect(() => {
    installBrowserErrorReporting();
    document.documentElement.dataset.hydrated = "true";
    rememberTimeZone();
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RootErrorPage error={error} />;
}
