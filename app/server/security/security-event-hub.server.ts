import type { Listen } from "~/db/postgres-listener.server";
import type { Logger } from "../logger.server";
import { SECURITY_EVENTS_CHANNEL } from "./record-security-event.server";

export type SecurityEventHub = {
  /**
   * Calls `onEvent` with the id of each new security event of `userId`, and `onClose` when the process shuts
   * down (the stream should then end); returns the unsubscribe.
   */
  subscribe(userId: string, onEvent: (eventId: string) => void, onClose?: () => void): Promise<() => void>;
  /** Ends every open subscription (graceful shutdown: open event streams must not hold the server open). */
  close(): void;
};

/**
 * One LISTEN per process on the security-events channel (started with the first subscriber), fanned out to
 * the open event streams by user id. With PostgreSQL every instance listens, so an event written by any
 * instance reaches tabs connected to any other.
 */
export function createSecurityEventHub(listen: Listen, logger: Logger): SecurityEventHub {
  const subscribers = new Map<string, Set<(eventId: string) => void>>();
  const closers = new Set<() => void>();
  let listening: Promise<unknown> | null = null;
  let closed = false;

  function deliver(payload: string) {
    try {
      const { id, userId } = JSON.parse(payload) as { id?: string; userId?: string | null };
      if (!id || !userId) return;
      for (const callback of subscribers.get(userId) ?? []) callback(id);
    } catch (error) {
      logger.warn({ err: error }, "unreadable security event notification");
    }
  }

  return {
    async subscribe(userId, onEvent, onClose) {
      if (closed) throw new Error("shutting down");
      const callbacks = subscribers.get(userId) ?? new Set();
      callbacks.add(onEvent);
      subscribers.set(userId, callbacks);
      listening ??= listen(SECURITY_EVENTS_CHANNEL, deliver).catch((error) => {
        listening = null;
        throw error;
      });
      await listening;
      if (onClose) closers.add(onClose);
      return () => {
        callbacks.delete(onEvent);
        if (callbacks.size === 0) subscribers.delete(userId);
        if (onClose) closers.delete(onClose);
      };
    },
    close() {
      closed = true;
      for (const onClose of [...closers]) onClose();
      closers.clear();
      subscribers.clear();
    },
  };
}
