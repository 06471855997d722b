import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { PosSaleInput } from "~/flows/pos/schemas/pos-sale";
import {
  discardSale,
  flushOutbox,
  type OutboxEntry,
  outboxEntries,
  queueSale,
  retrySale,
  type SendAnswer,
} from "../sale-outbox";

/**
 * How often the connection is checked and waiting sales retried while the page is open (Safari has no Background Sync).
 */
const RETRY_INTERVAL_MS = 5_000;

/** Whether the server answers now: `navigator.onLine` says only that a network exists, not that it reaches us. */
async function serverReachable(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    return (await fetch("/healthz", { cache: "no-store" })).ok;
  } catch {
    return false;
  }
}

function subscribeOnline(callback: () => void): () => void {
  window.addEventListener("online", callback);
  window.addEventListener("offline", callback);
  return () => {
    window.removeEventListener("online", callback);
    window.removeEventListener("offline", callback);
  };
}

/** Whether the browser says it has a network; true while rendering on the server. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** Sends one sale to the server and reads its answer; a network failure or a lost session leaves it waiting. */
async function sendSale(sale: PosSaleInput): Promise<SendAnswer> {
  let response: Response;
  try {
    response = await fetch("/api/pos/sales", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(sale),
      redirect: "manual",
    });
  } catch {
    return { kind: "unreachable" };
  }
  if (response.ok) return { kind: "recorded" };
  if (
    response.status >= 400 &&
    response.status < 500 &&
    response.status !== 401 &&
    response.status !== 408 &&
    response.status !== 429
  ) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    return { kind: "refused", reason: body?.error ?? "The server refused this sale." };
  }
  return { kind: "unreachable" };
}

/**
 * The device's outbox as the page sees it: every sale is queued on the device first, then sent. Waiting sales are
 * retried on `online`, when the page becomes visible and on an interval. Survives reloads and restarts.
 */
export function useSaleOutbox() {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [sending, setSending] = useState(false);
  const [reachable, setReachable] = useState(true);
  const [ready, setReady] = useState(false);
  const online = useOnline() && reachable;

  const flush = useCallback(async () => {
    const up = await serverReachable();
    setReachable(up);
    if (!up) {
      setEntries(await outboxEntries().catch(() => []));
      setReady(true);
      return;
    }
    setSending(true);
    try {
      setEntries(await flushOutbox(sendSale));
    } catch {
      setEntries(await outboxEntries().catch(() => []));
    } finally {
      setSending(false);
      setReady(true);
    }
  }, []);

  useEffect(() => {
    void flush();
    const onVisible = () => {
      if (document.visibilityState === "visible") void flush();
    };
    window.addEventListener("online", flush);
    window.addEventListener("offline", flush);
    document.addEventListener("visibilitychange", onVisible);
    const timer = window.setInterval(() => void flush(), RETRY_INTERVAL_MS);
    return () => {
      window.removeEventListener("online", flush);
      window.removeEventListener("offline", flush);
      document.removeEventListener("visibilitychange", onVisible);
      window.clearInterval(timer);
    };
  }, [flush]);

  return {
    online,
    sending,
    /** Whether the device's outbox has been read once: until then nothing is known to be waiting or not. */
    ready,
    waiting: entries.filter((entry) => !entry.refusal),
    refused: entries.filter((entry) => entry.refusal),
    /** Queues a sale on the device, then tries to send everything waiting. */
    async record(sale: PosSaleInput): Promise<void> {
      await queueSale(sale);
      setEntries(await outboxEntries());
      await flush();
    },
    async retry(id: string) {
      await retrySale(id);
      await flush();
    },
    async discard(id: string) {
      await discardSale(id);
      setEntries(await outboxEntries());
    },
  };
}
