/** The first stop of the keyboard: a link past the header to the page's main landmark (`#main`). */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2"
    >
      Skip to content
    </a>
  );
}
