import { type EmbedProduct, PRODUCT_PAGE, type SellkitApi } from "./sellkit-api";

// Sellkit's widget and cart script (/js/sellkit-shop.js), fetched by sellkit.js only on pages that use them.
// `data-sellkit-product` placeholders become product cards; `data-sellkit-add` links add to a cart kept in this
// website's localStorage; `data-sellkit-cart` shows the cart, whose checkout opens in the overlay as one order.

/** A cart as this website keeps it: one store's products by slug, with the names shown if they go away. */
type Cart = { handle: string; items: { slug: string; name: string; quantity: number }[] };

const KEY = "sellkit-cart";
const MAX_QUANTITY = 99;

const CSS = `
:host{all:initial;font:15px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;color:#111827}
*{box-sizing:border-box}
.card{display:grid;gap:8px;max-width:280px;padding:12px;border:1px solid #e5e7eb;background:#fff;color:#111827}
.dark{background:#111827;color:#f9fafb;border-color:#374151}
img{display:block;width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:inherit}
h2{margin:0;font-size:17px}p{margin:0}
.btn{display:inline-flex;justify-content:center;align-items:center;gap:6px;min-height:44px;padding:8px 16px;border:0;border-radius:inherit;font:inherit;font-weight:600;text-decoration:none;cursor:pointer;background:#1d4ed8;color:#fff}
.ghost{background:transparent;color:inherit;border:1px solid currentColor;min-width:44px;padding:4px}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
dialog{border:0;margin:0 0 0 auto;height:100dvh;max-height:none;width:min(400px,100vw);padding:16px;background:#fff;color:#111827}
dialog::backdrop{background:rgba(17,24,39,.6)}
ul{list-style:none;margin:0;padding:0;display:grid;gap:12px}
li{display:grid;grid-template-columns:1fr auto;gap:4px 8px;align-items:center}
.q{display:flex;align-items:center;gap:6px}
.row{display:flex;justify-content:space-between;align-items:center;gap:8px;margin:12px 0}
`;

const w = window as Window & { Sellkit?: SellkitApi; SellkitShop?: true };

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...kids: (Node | string)[]
) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...kids);
  return node;
}

function shadow(host: Element): ShadowRoot {
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  root.adoptedStyleSheets = [sheet];
  return root;
}

/** The store handle and product slug of a URL on the Sellkit origin, or null. */
function refOf(href: string | null, origin: string): { handle: string; slug: string } | null {
  if (!href) return null;
  const url = new URL(href, location.href);
  const match = url.origin === origin ? PRODUCT_PAGE.exec(url.pathname) : null;
  return match ? { handle: decodeURIComponent(match[1]!), slug: decodeURIComponent(match[2]!) } : null;
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: "currency", currency }).format(cents / 100);

/** Black or white text, whichever reads better on `hex`. */
function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.179 ? "#111827" : "#fff";
}

function readCart(): Cart | null {
  try {
    const cart = JSON.parse(localStorage.getItem(KEY) ?? "null") as Cart | null;
    return cart && typeof cart.handle === "string" && Array.isArray(cart.items) ? cart : null;
  } catch {
    return null;
  }
}

function start(sk: SellkitApi) {
  let cart = readCart();
  let note = "";
  let checkingOut = false;
  const carts: (() => void)[] = [];
  const drawers: HTMLDialogElement[] = [];
  const save = (next: Cart | null) => {
    cart = next?.items.length ? next : null;
    try {
      if (cart) localStorage.setItem(KEY, JSON.stringify(cart));
      else localStorage.removeItem(KEY);
    } catch {
      // Storage refused (a sandboxed preview, private mode): the cart lives for this page only.
    }
    for (const render of carts) render();
  };

  function add(product: EmbedProduct, handle: string) {
    const items = cart?.handle === handle ? [...cart.items] : [];
    const line = items.find((item) => item.slug === product.slug);
    if (line) line.quantity = product.physical ? Math.min(MAX_QUANTITY, line.quantity + 1) : 1;
    else items.push({ slug: product.slug, name: product.name, quantity: 1 });
    note = `${product.name} added to your cart.`;
    save({ handle, items });
    if (drawers[0] && !drawers[0].open) drawers[0].showModal();
  }

  /** A cart placeholder: its toggle button with the count, and the drawer with the lines and one checkout. */
  function mountCart(host: Element) {
    const root = shadow(host);
    const toggle = el("button", { type: "button", className: "btn" });
    const dialog = el("dialog");
    dialog.setAttribute("aria-label", "Your cart");
    root.replaceChildren(toggle, dialog);
    toggle.addEventListener("click", () => dialog.showModal());
    async function render() {
      const count = cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
      toggle.textContent = `Cart (${count})`;
      const catalog = cart ? await sk.catalog(cart.handle) : null;
      if (cart && catalog) {
        const gone = cart.items.filter((item) => !catalog.products.some((p) => p.slug === item.slug && p.cartable));
        if (gone.length) {
          note = `${gone.map((item) => item.name).join(", ")} is no longer for sale and was removed from your cart.`;
          return save({ ...cart, items: cart.items.filter((item) => !gone.includes(item)) });
        }
      }
      const close = el("button", { type: "button", className: "btn ghost", textContent: "×" });
      close.setAttribute("aria-label", "Close cart");
      close.onclick = () => dialog.close();
      const status = el("p", { textContent: note });
      status.setAttribute("role", "status");
      const list = el("ul");
      let total = 0;
      let currency = "USD";
      for (const item of cart?.items ?? []) {
        const product = catalog?.products.find((p) => p.slug === item.slug);
        if (!product) continue;
        currency = product.currency;
        total += (product.unitCents ?? 0) * item.quantity;
        const step = (by: number, label: string, text: string) => {
          const button = el("button", { type: "button", className: "btn ghost", textContent: text });
          button.setAttribute("aria-label", `${label} ${item.name}`);
          button.onclick = () => {
            item.quantity = Math.max(0, Math.min(MAX_QUANTITY, item.quantity + by));
            note = "";
            save({ ...cart!, items: cart!.items.filter((i) => i.quantity > 0) });
          };
          return button;
        };
        const quantity = el("span", { textContent: `Quantity ${item.quantity}` });
        list.append(
          el(
            "li",
            {},
            el("span", { textContent: product.name }),
            el("span", { textContent: money((product.unitCents ?? 0) * item.quantity, product.currency) }),
            el(
              "span",
              { className: "q" },
              ...(product.physical ? [step(-1, "One less", "−"), quantity, step(1, "One more", "+")] : [quantity]),
            ),
            step(-MAX_QUANTITY, "Remove", "Remove"),
          ),
        );
      }
      const body: (Node | string)[] = [
        el("div", { className: "row" }, el("h2", { textContent: "Your cart" }), close),
        status,
      ];
      if (cart && list.childElementCount) {
        const items = cart.items.map((item) => `${item.slug}:${item.quantity}`).join(",");
        const href = `${sk.origin}/s/${encodeURIComponent(cart.handle)}/cart/checkout?items=${items}`;
        const checkout = el("a", { className: "btn", href, textContent: "Checkout" });
        checkout.onclick = (event) => {
          event.preventDefault();
          dialog.close();
          checkingOut = true;
          sk.open(`${href}&embed=1&host=${encodeURIComponent(location.origin)}`, toggle);
        };
        body.push(
          list,
          el(
            "p",
            { className: "row" },
            el("span", { textContent: "Total" }),
            el("strong", { textContent: money(total, currency) }),
          ),
          checkout,
        );
      } else body.push(el("p", { textContent: "Your cart is empty." }));
      dialog.replaceChildren(...body);
    }
    carts.push(render);
    drawers.push(dialog);
    render();
  }

  /** A product card: cover, name, price and a buy link (or an Add to cart button), drawn from the catalog. */
  async function mountWidget(host: HTMLElement) {
    const ref = refOf(host.dataset.sellkitProduct ?? null, sk.origin);
    const catalog = ref ? await sk.catalog(ref.handle) : null;
    const product = catalog?.products.find((p) => p.slug === ref!.slug);
    if (!ref || !product) return;
    const root = shadow(host);
    const accent = /^#[0-9a-f]{6}$/i.test(host.dataset.accent ?? "") ? host.dataset.accent! : "#1d4ed8";
    const card = el("article", { className: host.dataset.theme === "dark" ? "card dark" : "card" });
    card.setAttribute("aria-label", product.name);
    card.style.borderRadius = `${Math.min(32, Math.max(0, Number(host.dataset.radius) || 8))}px`;
    if (product.cover) card.append(el("img", { src: product.cover, alt: "" }));
    card.append(el("h2", { textContent: product.name }), el("p", { textContent: product.price }));
    const cartMode = host.dataset.action === "cart" && product.cartable;
    const action = el("a", {
      className: "btn",
      href: product.url,
      textContent: product.soldOut ? "Sold out" : host.dataset.text || (cartMode ? "Add to cart" : "Buy Now"),
    });
    action.style.background = accent;
    action.style.color = textOn(accent);
    if (product.soldOut) action.setAttribute("aria-disabled", "true");
    else if (cartMode) action.setAttribute("data-sellkit-add", "");
    else action.setAttribute("data-sellkit-buy", "");
    card.append(action);
    root.replaceChildren(card);
  }

  document.addEventListener("click", async (event) => {
    const target = event.composedPath()[0];
    const link = target instanceof Element ? target.closest<HTMLElement>("[data-sellkit-add]") : null;
    if (!link || event.button !== 0) return;
    const ref = refOf(link.getAttribute("href") ?? link.dataset.sellkitAdd ?? null, sk.origin);
    if (!ref) return;
    event.preventDefault();
    const product = (await sk.catalog(ref.handle))?.products.find((p) => p.slug === ref.slug);
    if (!product?.cartable || product.soldOut) return void location.assign(link.getAttribute("href") ?? "");
    add(product, ref.handle);
  });
  document.addEventListener("sellkit:success", () => {
    if (!checkingOut) return;
    checkingOut = false;
    note = "Thank you! Your order is placed.";
    save(null);
  });
  document.addEventListener("sellkit:close", () => {
    checkingOut = false;
  });
  window.addEventListener("storage", (event) => {
    if (event.key !== KEY) return;
    cart = readCart();
    for (const render of carts) render();
  });
  for (const host of document.querySelectorAll<HTMLElement>("[data-sellkit-product]")) mountWidget(host);
  for (const host of document.querySelectorAll("[data-sellkit-cart]")) mountCart(host);
}

if (w.Sellkit && !w.SellkitShop) {
  w.SellkitShop = true;
  start(w.Sellkit);
}
