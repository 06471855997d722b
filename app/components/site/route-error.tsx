import { isRouteErrorResponse } from "react-router";
import { NotFound } from "./not-found-page";
import { PageHero, PageShell } from "./page-shell";

/**
 * A coded error's message, as thrown answers carry it ({ code, message }). Checked by shape: the catalogue stays
 * out of every page's script.
 */
function codedMessage(data: unknown): string | undefined {
  const body = data as { code?: unknown; message?: unknown } | null;
  return typeof body?.code === "string" && /^[A-Z][A-Z0-9_]*$/.test(body.code) && typeof body.message === "string"
    ? body.message
    : undefined;
}

/** What an error page says, inside the frame of its area. */
export function RouteErrorContent({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>Page not found · Sellkit</title>
        {/* What was not found, when the answer says so (a coded error: "No customer with this email…"). */}
        <NotFound detail={codedMessage(error.data)} />
      </>
    );
  }
  const title = isRouteErrorResponse(error) ? `Error ${error.status}` : "Something went wrong";
  const detail = !isRouteErrorResponse(error)
    ? "An unexpected error occurred. Please try again in a moment."
    : error.status === 405
      ? "This page does not accept that kind of request."
      : (codedMessage(error.data) ??
        (error.status < 500
          ? "This request could not be handled."
          : "An unexpected error occurred. Please try again in a moment."));
  return (
    <>
      <title>{`${title} · Sellkit`}</title>
      <PageHero title={title} lead={detail}>
        <a href="/" className="mt-8 inline-block font-medium text-primary underline underline-offset-4">
          Return to Home
        </a>
      </PageHero>
    </>
  );
}

/** The root's error page: the error's content inside the public site's frame. */
export function RootErrorPage({ error }: { error: unknown }) {
  return (
    <PageShell>
      <RouteErrorContent error={error} />
    </PageShell>
  );
}
