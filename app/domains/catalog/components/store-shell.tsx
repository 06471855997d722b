import type { ReactNode } from "react";
import { type StoreProfile, storePath } from "~/domains/catalog/store-profile";

/**
 * The frame of a creator's public pages, in the store's theme and without Sellkit navigation: the page belongs to the
 * creator.
 */
export function StoreShell({
  store,
  banner,
  children,
}: {
  store: StoreProfile;
  banner?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="store-page flex min-h-screen flex-col" data-theme={store.theme}>
      {banner}
      <header className="border-b">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-4 sm:px-6">
          <a href={storePath(store.handle)} className="flex min-w-0 items-center gap-3 font-semibold">
            <StoreAvatar store={store} />
            <span className="truncate text-lg">{store.name}</span>
          </a>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t">
        <p className="mx-auto max-w-5xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          Sold with{" "}
          <a href="/" className="font-medium text-foreground underline underline-offset-4">
            Sellkit
          </a>
        </p>
      </footer>
    </div>
  );
}

/** The creator's picture or the store's initial; decorative, since the name is beside it. */
export function StoreAvatar({ store, size = 40 }: { store: StoreProfile; size?: number }) {
  if (store.avatarUrl) {
    return (
      <img
        src={store.avatarUrl}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="grid shrink-0 place-items-center rounded-full font-bold"
      style={{ width: size, height: size, background: "var(--store-accent)", color: "var(--store-accent-foreground)" }}
    >
      {store.name.trim().charAt(0).toUpperCase() || "S"}
    </span>
  );
}

/** The draft-preview notice the owner sees above an unpublished page. */
export function DraftBanner() {
  return (
    <p role="status" className="bg-warning px-4 py-2 text-center text-sm font-semibold text-background">
      Draft preview — only you can see this page
    </p>
  );
}
