/** fresh 2 ships no types: whether a response is fresh for a request's conditional headers. */
declare module "fresh" {
  type Headers = Record<string, string | string[] | undefined>;
  export default function fresh(requestHeaders: Headers, responseHeaders: Headers): boolean;
}
