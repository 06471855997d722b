import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { reportedRequest } from "~/server/error-reporting.server";
import { deferHydration } from "~/lib/defer-hydration.server";
import { NonceContext } from "~/lib/nonce";

export const streamTimeout = 5_000;

/** The app modules the Node server runs with (server/main.ts), from this same build. */
export { runtime } from "~/server/runtime.server";

/**
 * Errors of loaders, actions and rendering: an unreachable database turns the service to 503, an unexpected error
 * is reported. 404, 405 and abandoned requests are not errors of ours.
 */
export const handleError: HandleErrorFunction = (error, { context, request }) => {
  const services = (context as AppLoadContext | undefined)?.services;
  services?.health.reportError(error);
  if (request.signal.aborted || error instanceof Response) return;
  const internal = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : error;
  if (isRouteErrorResponse(error) && (error.status < 500 || !internal)) return;
  services?.errorReporter.capture(internal, { mechanism: "react-router", request: reportedRequest(request) });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The database stopped answering while this request ran: say so with 503 (the page explains), not 500.
  if (loadContext?.services?.health.isDown() && responseStatusCode >= 500) responseStatusCode = 503;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Absent at prerender time: prerendered pages get hashes of their inline scripts instead (server/csp.ts).
  const nonce = loadContext?.cspNonce ?? "";
  // Documents are sent with all their data (a local database answers in milliseconds), so first paint is complete.
  const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceContext>,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          const html = body.pipe(deferHydration(nonce));
          resolve(
            new Response(createReadableStreamFromReadable(html), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) {
            console.error(error);
            loadContext?.services?.errorReporter.capture(error, {
              mechanism: "render",
              request: reportedRequest(request),
            });
          }
        },
      },
    );
  });
}
