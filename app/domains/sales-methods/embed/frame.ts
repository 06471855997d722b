import type { EmbedMessage } from "./embed-protocol";

// The embed-mode checkout page's side of the overlay protocol (/js/sellkit-frame.js). It tells the host page it
// has loaded, its height as it changes, and a paid order (the element marked `data-sellkit-paid-order`). It sends
// only to the exact parent origin it was given.

const script = document.currentScript as HTMLScriptElement | null;
const parentOrigin = script?.dataset.parent ?? "";

function send(message: EmbedMessage) {
  if (window.parent === window || !parentOrigin) return;
  window.parent.postMessage(message, parentOrigin);
}

if (parentOrigin) {
  send({ v: 1, type: "ready" });
  const report = () => send({ v: 1, type: "resize", height: document.documentElement.scrollHeight });
  report();
  if ("ResizeObserver" in window) new ResizeObserver(report).observe(document.documentElement);
  let paid = "";
  const reportPaid = () => {
    const orderId = document.querySelector<HTMLElement>("[data-sellkit-paid-order]")?.dataset.sellkitPaidOrder;
    if (!orderId || orderId === paid) return;
    paid = orderId;
    send({ v: 1, type: "success", orderId });
  };
  reportPaid();
  new MutationObserver(reportPaid).observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("[data-sellkit-close]") : null;
    if (!target) return;
    event.preventDefault();
    send({ v: 1, type: "close" });
  });
}
