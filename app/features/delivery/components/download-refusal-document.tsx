import { LOST_LINK_PATH } from "../content/delivery-rules";

/**
 * The whole HTML document a refused file link answers with (revoked, over today's limit, expired, not valid):
 * rendered to static markup by the download endpoint, with the site's stylesheet and no script.
 */
export function DownloadRefusalDocument({ title, message, stylesheet }: { title: string; message: string; stylesheet: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} | Sellkit`}</title>
        <link rel="stylesheet" href={stylesheet} />
      </head>
      <body className="bg-background text-foreground antialiased">
        <main id="main" className="mx-auto grid max-w-xl gap-4 px-4 py-20 text-center">
          <h1 className="text-2xl font-bold">{title}</h1>
          <p>{message}</p>
          <p className="text-sm text-muted-foreground">
            Need a new link to your purchases?{" "}
            <a href={LOST_LINK_PATH} className="text-primary underline">
              Get new links by email
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
