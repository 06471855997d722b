import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { PosSaleInput } from "./schemas/pos-sale";

// The device's outbox of counter sales, in IndexedDB: every sale is written here before it is sent. A sale made
// offline, or in a tab closed mid-request, thus survives reloads and browser restarts and is sent, in order, once back
// online.

/** A sale waiting on the device, or refused by the server with its reason. */
export type OutboxEntry = {
  id: string;
  sale: PosSaleInput;
  /** Milliseconds since the epoch: the order sales are sent in. */
  queuedAt: number;
  attempts: number;
  /** Set when the server refused the sale: shown to the seller, never dropped silently. */
  refusal: string | null;
};

interface OutboxSchema extends DBSchema {
  sales: { key: string; value: OutboxEntry; indexes: { queuedAt: number } };
}

const DB_NAME = "sellkit-pos";

let opened: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function database(): Promise<IDBPDatabase<OutboxSchema>> {
  opened ??= openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore("sales", { keyPath: "id" }).createIndex("queuedAt", "queuedAt");
    },
  });
  return opened;
}

/** Keeps `sale` on the device until the server has recorded it; queuing it again keeps its place in line. */
export async function queueSale(sale: PosSaleInput): Promise<void> {
  const db = await database();
  const tx = db.transaction("sales", "readwrite");
  if (!(await tx.store.get(sale.deviceSaleId)))
    await tx.store.put({ id: sale.deviceSaleId, sale, queuedAt: Date.now(), attempts: 0, refusal: null });
  await tx.done;
}

/** Every sale on the device, oldest first. */
export async function outboxEntries(): Promise<OutboxEntry[]> {
  const db = await database();
  return db.getAllFromIndex("sales", "queuedAt");
}

/** Drops a refused sale the seller chose to discard. */
export async function discardSale(id: string): Promise<void> {
  const db = await database();
  await db.delete("sales", id);
}

/** What the server said about one sent sale. */
export type SendAnswer = { kind: "recorded" } | { kind: "refused"; reason: string } | { kind: "unreachable" };

let flushing: Promise<OutboxEntry[]> | null = null;
let flushAsked = false;

/**
 * Sends waiting sales oldest first with `send`, removing each the server recorded (a replay is recorded once) and
 * marking refused ones. It stops at the first unreachable answer, so order is kept. Returns the sales still waiting.
 * One replay runs at a time: a call during it (online, interval, a new sale) joins it and has it read the outbox again.
 */
export function flushOutbox(send: (sale: PosSaleInput) => Promise<SendAnswer>): Promise<OutboxEntry[]> {
  flushAsked = true;
  flushing ??= drainOutbox(send);
  return flushing;
}

async function drainOutbox(send: (sale: PosSaleInput) => Promise<SendAnswer>): Promise<OutboxEntry[]> {
  try {
    do {
      flushAsked = false;
      await sendWaiting(send);
    } while (flushAsked);
  } finally {
    // In the same turn as the last check: a later call starts a replay of its own.
    flushing = null;
  }
  return outboxEntries();
}

async function sendWaiting(send: (sale: PosSaleInput) => Promise<SendAnswer>): Promise<void> {
  const db = await database();
  for (const entry of await db.getAllFromIndex("sales", "queuedAt")) {
    if (entry.refusal) continue;
    // A sale that already failed to reach the server was made without it: it is sent as an offline sale.
    const answer = await send(entry.attempts > 0 ? { ...entry.sale, offline: true } : entry.sale);
    if (answer.kind === "recorded") {
      await db.delete("sales", entry.id);
      continue;
    }
    // Read again: another tab may have sent it meanwhile, and a sale removed must not come back.
    const current = await db.get("sales", entry.id);
    const refusal = answer.kind === "refused" ? answer.reason : (current?.refusal ?? null);
    if (current) await db.put("sales", { ...current, attempts: current.attempts + 1, refusal });
    if (answer.kind === "unreachable") break;
  }
}

/** Puts a refused sale back in line, e.g. after the seller opened a shift or fixed what was refused. */
export async function retrySale(id: string, change?: Partial<PosSaleInput>): Promise<void> {
  const db = await database();
  const entry = await db.get("sales", id);
  if (entry) await db.put("sales", { ...entry, sale: { ...entry.sale, ...change }, refusal: null });
}
