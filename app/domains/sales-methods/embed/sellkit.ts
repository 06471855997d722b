import { acceptEmbedMessage } from "./embed-protocol";
import { type EmbedCatalog, PRODUCT_PAGE, type SellkitApi } from "./sellkit-api";

// Sellkit's embed script (/js/sellkit.js): links to a product's sales or buy page on the script's origin, or
// marked `data-sellkit-buy`, open the checkout in an overlay on the seller's page. Without it they stay links.

/** How long a frame that loaded may take to say it is ready before the overlay explains the refusal. */
const READY_GRACE_MS = 1500;
/** The longest wait for the checkout to say it is ready. */
const READY_TIMEOUT_MS = 15000;

const NOT_ALLOWED = "This store hasn't allowed checkout on this website.";

const CSS = `
:host{all:initial}
dialog{border:0;padding:0;margin:auto;width:min(480px,100vw);max-height:min(90vh,900px);border-radius:12px;background:#fff;color:#111827;font:16px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;box-shadow:0 20px 50px rgba(0,0,0,.35);overflow:hidden}
dialog::backdrop{background:rgba(17,24,39,.6)}
.bar{display:flex;justify-content:flex-end;padding:4px}
button{font:inherit;border:0;background:transparent;color:#111827;min-width:44px;min-height:44px;border-radius:8px;cursor:pointer;font-size:24px;line-height:1}
button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
iframe{display:block;border:0;width:100%;height:70vh;max-height:calc(90vh - 52px)}
.note{padding:24px;display:grid;gap:16px;text-align:center}
.note a{color:#1d4ed8;font-weight:600}
.hidden{display:none}
@media (max-width:640px){dialog{width:100vw;height:100dvh;max-width:100vw;max-height:100dvh;border-radius:0}iframe{height:calc(100dvh - 52px);max-height:none}}
`;

type Sellkit = SellkitApi;
type SellkitWindow = Window & { Sellkit?: Sellkit };

/** Elements the widget and cart script draws; it is fetched only when a page has one. */
const SHOP_ELEMENTS = "[data-sellkit-product],[data-sellkit-cart],[data-sellkit-add]";

const scriptUrl = (() => {
  const current = document.currentScript as HTMLScriptElement | null;
  const src = current?.src ?? document.querySelector<HTMLScriptElement>('script[src*="/js/sellkit.js"]')?.src;
  return src ? new URL(src, location.href) : null;
})();

/** The store handle and product slug of a Sellkit product link, or null. */
function productOf(link: HTMLAnchorElement, appOrigin: string): RegExpExecArray | null {
  if (link.hasAttribute("data-sellkit-ignore") || !link.href) return null;
  const url = new URL(link.href, location.href);
  return url.origin === appOrigin ? PRODUCT_PAGE.exec(url.pathname) : null;
}

/** The embed-mode checkout URL a link leads to, or null when it is not a Sellkit product link. */
function checkoutUrlOf(link: HTMLAnchorElement, appOrigin: string): URL | null {
  const product = link.hasAttribute("data-sellkit-add") ? null : productOf(link, appOrigin);
  if (!product) return null;
  const url = new URL(link.href);
  url.pathname = `/s/${product[1]}/${product[2]}/buy`;
  url.searchParams.set("embed", "1");
  url.searchParams.set("host", location.origin);
  url.hash = "";
  return url;
}

function createOverlay(appOrigin: string): Omit<Sellkit, "origin" | "catalog"> {
  let host: HTMLElement | null = null;
  let dialog: HTMLDialogElement;
  let frame: HTMLIFrameElement;
  let note: HTMLElement;
  let fallback: HTMLAnchorElement;
  let opener: HTMLElement | null = null;
  let ready = false;
  let timers: number[] = [];
  let overflow = "";

  const emit = (type: string, detail: object) =>
    (opener?.isConnected ? opener : document).dispatchEvent(
      new CustomEvent(type, { detail, bubbles: true, composed: true }),
    );

  function build() {
    host = document.createElement("sellkit-checkout");
    const root = host.attachShadow({ mode: "open" });
    if ("adoptedStyleSheets" in root && "replaceSync" in CSSStyleSheet.prototype) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
      root.adoptedStyleSheets = [sheet];
    } else {
      const style = document.createElement("style");
      style.textContent = CSS;
      root.append(style);
    }
    dialog = document.createElement("dialog");
    dialog.setAttribute("aria-label", "Checkout");
    const bar = document.createElement("div");
    bar.className = "bar";
    const close = document.createElement("button");
    close.type = "button";
    close.setAttribute("aria-label", "Close checkout");
    close.textContent = "×";
    close.addEventListener("click", () => api.close());
    bar.append(close);
    frame = document.createElement("iframe");
    frame.title = "Checkout";
    frame.setAttribute("allow", "payment");
    note = document.createElement("div");
    note.className = "note hidden";
    note.setAttribute("role", "alert");
    const text = document.createElement("p");
    text.textContent = NOT_ALLOWED;
    fallback = document.createElement("a");
    fallback.target = "_blank";
    fallback.rel = "noopener";
    fallback.textContent = "Open the checkout in a new tab";
    note.append(text, fallback);
    dialog.append(bar, note, frame);
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      api.close();
    });
    root.append(dialog);
    document.body.append(host);
    frame.addEventListener("load", () => {
      if (!dialog.open || frame.getAttribute("src") === "about:blank") return;
      timers.push(window.setTimeout(() => ready || refuse(), READY_GRACE_MS));
    });
  }

  function refuse() {
    if (!dialog.open) return;
    frame.classList.add("hidden");
    note.classList.remove("hidden");
    fallback.focus();
  }

  window.addEventListener("message", (event) => {
    if (!host || !dialog.open) return;
    const message = acceptEmbedMessage(event, { origin: appOrigin, source: frame.contentWindow });
    if (!message) return;
    if (message.type === "ready") {
      // Open to ready: the overlay's budget, read by bench/embed-overlay.mjs.
      if (!ready) performance.measure("sellkit:open-to-ready", "sellkit:open");
      ready = true;
    } else if (message.type === "resize" && window.innerWidth > 640)
      frame.style.height = `${Math.min(message.height, window.innerHeight * 0.9 - 52)}px`;
    else if (message.type === "success") emit("sellkit:success", { orderId: message.orderId });
    else if (message.type === "close") api.close();
  });

  const api = {
    open(href: string, from?: HTMLElement) {
      if (!host) build();
      if (dialog.open) return;
      opener = from ?? (document.activeElement as HTMLElement | null);
      ready = false;
      fallback.href = opener instanceof HTMLAnchorElement ? opener.href : href;
      note.classList.add("hidden");
      frame.classList.remove("hidden");
      frame.style.height = "";
      performance.mark("sellkit:open");
      frame.src = href;
      overflow = document.documentElement.style.overflow;
      document.documentElement.style.overflow = "hidden";
      dialog.showModal();
      timers.push(window.setTimeout(() => ready || refuse(), READY_TIMEOUT_MS));
    },
    close() {
      if (!host || !dialog.open) return;
      for (const timer of timers) clearTimeout(timer);
      timers = [];
      dialog.close();
      frame.src = "about:blank";
      document.documentElement.style.overflow = overflow;
      emit("sellkit:close", {});
      opener?.focus();
    },
  };
  return api;
}

/** Buy links of products no longer for sale say so and open nothing. */
function markUnavailable(sellkit: Sellkit) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-sellkit-buy]")) {
    const product = productOf(link, sellkit.origin);
    if (!product) continue;
    sellkit.catalog(decodeURIComponent(product[1]!)).then((catalog) => {
      const found = catalog?.products.find((p) => p.slug === decodeURIComponent(product[2]!));
      const state = !catalog ? "" : !found ? "Unavailable" : found.soldOut ? "Sold out" : "";
      if (!state) return;
      link.textContent = state;
      link.setAttribute("aria-disabled", "true");
      link.dataset.sellkitState = state;
    });
  }
}

const w = window as SellkitWindow;
if (scriptUrl && !w.Sellkit) {
  const appOrigin = scriptUrl.origin;
  const overlay = createOverlay(appOrigin);
  const catalogs = new Map<string, Promise<EmbedCatalog | null>>();
  const sellkit: Sellkit = {
    ...overlay,
    origin: appOrigin,
    catalog(handle) {
      if (!catalogs.has(handle))
        catalogs.set(
          handle,
          fetch(`${appOrigin}/s/${encodeURIComponent(handle)}/products.json`, { credentials: "omit" })
            .then((response) => (response.ok ? response.json() : null))
            .catch(() => null),
        );
      return catalogs.get(handle)!;
    },
  };
  w.Sellkit = sellkit;
  const start = () => {
    markUnavailable(sellkit);
    if (!document.querySelector(SHOP_ELEMENTS)) return;
    const shop = document.createElement("script");
    shop.async = true;
    shop.src = `${appOrigin}/js/sellkit-shop.js`;
    document.head.append(shop);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  document.addEventListener("click", (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    // The first node of the path, so links inside a widget's shadow root open the overlay too.
    const target = event.composedPath()[0];
    const link = target instanceof Element ? target.closest("a") : null;
    if (!link) return;
    const url = checkoutUrlOf(link, appOrigin);
    if (!url) return;
    event.preventDefault();
    if (link.getAttribute("aria-disabled") === "true") return;
    overlay.open(url.href, link);
  });
}
