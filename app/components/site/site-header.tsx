import { ChevronDown, Menu, X } from "lucide-react";
import { Form, Link, NavLink } from "react-router";
import { useRootData } from "~/lib/root-data";
import { buttonClass } from "~/components/ui/button";
import { AUTH_LINKS, NAV_MENUS, PRIMARY_NAV, type SiteMenu } from "~/components/site/site-links";
import { cn } from "~/lib/cn";
import { Logo } from "./logo";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium hover:bg-accent",
    isActive ? "text-foreground" : "text-muted-foreground",
  );

/** A dropdown built on <details>, so it opens with the keyboard and without JavaScript. */
function DesktopMenu({ menu }: { menu: SiteMenu }) {
  return (
    <details className="group relative">
      <summary className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent">
        {menu.label}
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="absolute left-0 top-full z-50 mt-1 min-w-44 rounded-md border bg-card p-1 shadow-lg">
        {menu.links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block rounded-sm px-3 py-2 text-sm hover:bg-accent">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Log in / Sign up for visitors; Dashboard / Logout for signed-in users. */
function AccountActions({ stacked = false }: { stacked?: boolean }) {
  const signedIn = Boolean(useRootData()?.user);
  const item = stacked ? "flex-1" : undefined;
  if (signedIn) {
    return (
      <>
        <Link to="/dashboard" className={buttonClass({ variant: stacked ? "outline" : "ghost", className: item })}>
          Dashboard
        </Link>
        <Form method="post" action="/logout" className={item}>
          <button type="submit" className={buttonClass({ className: stacked ? "w-full" : undefined })}>
            Logout
          </button>
        </Form>
      </>
    );
  }
  return (
    <>
      <Link
        to={AUTH_LINKS.logIn.to}
        className={buttonClass({ variant: stacked ? "outline" : "ghost", className: item })}
      >
        {AUTH_LINKS.logIn.label}
      </Link>
      <Link to={AUTH_LINKS.signUp.to} className={buttonClass({ className: item })}>
        {AUTH_LINKS.signUp.label}
      </Link>
    </>
  );
}

function MobileMenu() {
  return (
    <details className="group md:hidden">
      <summary className={buttonClass({ variant: "ghost", size: "icon" })} aria-label="Menu">
        <Menu aria-hidden="true" className="group-open:hidden" />
        <X aria-hidden="true" className="hidden group-open:block" />
      </summary>
      <nav aria-label="Mobile" className="absolute inset-x-0 top-16 z-50 border-b bg-background px-4 pb-6 shadow-lg">
        <ul className="flex flex-col gap-1 pt-2">
          {PRIMARY_NAV.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={navLinkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {NAV_MENUS.map((menu) => (
          <div key={menu.label} className="mt-4">
            <p className="px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{menu.label}</p>
            <ul className="mt-1 flex flex-col gap-1">
              {menu.links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={navLinkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="mt-6 flex gap-2">
          <AccountActions stacked />
        </div>
      </nav>
    </details>
  );
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo size="md" />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {PRIMARY_NAV.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          {NAV_MENUS.map((menu) => (
            <DesktopMenu key={menu.label} menu={menu} />
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <AccountActions />
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}
