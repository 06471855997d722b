import { Menu, X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Logo } from "~/components/site/logo";
import { SkipLink } from "~/components/site/skip-link";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { Avatar } from "~/domains/workspace/components/avatar";
import {
  currentNavPath,
  type WorkspaceNavData,
  type WorkspaceNavItem,
  workspaceNavFor,
} from "~/domains/workspace/content/workspace-nav";

const MENU_ID = "workspace-menu";

function NavList({
  items,
  current,
  labelledBy,
}: {
  items: WorkspaceNavItem[];
  current: string | undefined;
  labelledBy?: string;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-0.5">
      {items.map(({ label, to, icon: Icon }) => (
        <li key={to}>
          <Link
            to={to}
            aria-current={to === current ? "page" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground",
              to === current ? "bg-secondary text-secondary-foreground" : "text-muted-foreground",
            )}
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SectionLabel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-4 px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * The frame of every signed-in page: the navigation and the main landmark. Phones get a `<details>` menu, which
 * works without JavaScript and closes with Escape.
 */
export function WorkspaceShell({ nav, children }: { nav: WorkspaceNavData | null; children: ReactNode }) {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const sections = workspaceNavFor(nav?.businessTypes ?? []);
  const current = currentNavPath(
    pathname,
    [...sections.main, ...sections.tools, ...sections.account].map((item) => item.to),
  );

  // A link followed from the phone menu leaves it closed on the next page.
  useEffect(() => {
    if (menu.current && pathname) menu.current.open = false;
  }, [pathname]);

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== "Escape" || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector("summary")?.focus();
  }

  return (
    <div className="min-h-dvh md:flex">
      <SkipLink />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape is handled for the menu inside, whose summary is the control. */}
      <header
        onKeyDown={closeOnEscape}
        className="sticky top-0 z-40 border-b bg-background md:flex md:h-dvh md:w-64 md:shrink-0 md:flex-col md:border-b-0 md:border-r"
      >
        <div className="flex h-16 items-center px-4 md:px-6">
          <Logo size="md" />
        </div>
        <details ref={menu} className="group peer absolute right-4 top-3 md:hidden">
          <summary
            aria-label="Menu"
            aria-controls={MENU_ID}
            className={buttonClass({ variant: "ghost", size: "icon" })}
          >
            <Menu aria-hidden="true" className="group-open:hidden" />
            <X aria-hidden="true" className="hidden group-open:block" />
          </summary>
        </details>
        <div
          id={MENU_ID}
          className="absolute inset-x-0 top-16 hidden max-h-[calc(100dvh-4rem)] flex-col gap-4 overflow-y-auto border-b bg-background px-4 pb-6 pt-2 shadow-lg peer-open:flex md:static md:flex md:max-h-none md:flex-1 md:border-b-0 md:px-3 md:shadow-none"
        >
          {nav ? (
            <div className="flex items-center gap-3 px-3 py-2">
              <Avatar
                src={nav.avatarUrl}
                firstName={nav.firstName}
                lastName={nav.lastName}
                className="size-10 text-sm"
              />
              <p className="min-w-0 truncate font-semibold">{nav.storeName ?? "Your store"}</p>
            </div>
          ) : null}
          <nav aria-label="Workspace">
            <NavList items={sections.main} current={current} />
            {sections.tools.length > 0 ? (
              <>
                <SectionLabel id="workspace-nav-tools">Your tools</SectionLabel>
                <NavList items={sections.tools} current={current} labelledBy="workspace-nav-tools" />
              </>
            ) : null}
            <SectionLabel id="workspace-nav-account">Account</SectionLabel>
            <NavList items={sections.account} current={current} labelledBy="workspace-nav-account" />
          </nav>
          <Form method="post" action="/logout" className="px-3 md:mt-auto">
            <button type="submit" className={buttonClass({ variant: "outline", className: "w-full" })}>
              Sign Out
            </button>
          </Form>
        </div>
      </header>
      <main id="main" className="min-w-0 flex-1">
        {children}
      </main>
    </div>
  );
}
