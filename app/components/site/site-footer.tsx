import { Link } from "react-router";
import { FOOTER_COLUMNS, SOCIAL_LINKS } from "~/components/site/site-links";
import { Logo } from "./logo";

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div>
          <Logo size="sm" />
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">
            The simplest way for creators and small sellers to sell digital products and choose how they sell.
          </p>
          <ul className="mt-4 flex gap-4 text-sm">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.to}>
                <a
                  href={link.to}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="text-muted-foreground underline-offset-4 hover:underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.label} aria-label={`Footer ${column.label}`}>
            <h2 className="text-sm font-semibold">{column.label}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t py-6 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} Sellkit. All rights reserved.
      </p>
    </footer>
  );
}
