import { isRouteErrorResponse } from "react-router";
import { BackLink } from "~/components/ui/back-link";

/** A settings page that could not load: a refusal's own text, else `fallback`, under the page's heading. */
export function SettingsErrorPage(props: {
  error: unknown;
  title: string;
  fallback: string;
  back: { to: string; label: string };
}) {
  const { error } = props;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.status < 500 ? error.data : props.fallback;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <BackLink to={props.back.to}>{props.back.label}</BackLink>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{props.title}</h1>
      <p role="alert" className="mt-4">
        {message}
      </p>
    </div>
  );
}
