/** The embed-mode checkout page's messenger to the host page's overlay, told the exact host origin to answer. */
export function EmbedFrameScript({ host }: { host: string | null }) {
  if (!host) return null;
  return <script src="/js/sellkit-frame.js" async data-parent={host} />;
}

/** Marks a paid order on an embed-mode page, so the messenger tells the host page once. */
export function EmbedPaidOrder({ orderId }: { orderId: string }) {
  return <div hidden data-sellkit-paid-order={orderId} />;
}
