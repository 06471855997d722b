import type { Listen } from "~/db/postgres-listener.server";
import type { Logger } from "~/server/logger.server";

// The live events of signed-in users (decision 010; issue 16.6 made it shared): per-user notifications that the
// database announces with NOTIFY on a channel (payload `{"id": …, "userId": …}`), fanned out to the event streams of
// that user's sessions on this instance, and each stream ended when its session ends on any instance. One hub per
// process carries every channel (the security events, the order changes of the dashboards), so the caps below are
// per session and user across all of them.

/**
 * Open event streams per session (a browser holds at most 6 HTTP/1.1 connections per site) and per user across
 * sessions, on one instance. One more closes the oldest.
 */
export const MAX_STREAMS_PER_SESSION = 6;
export const MAX_STREAMS_PER_USER = 20;

/**
 * How often the sessions of open streams are re-read (one statement for all of them): a session that lapses
 * by its expiry announces nothing, and notifications sent while the LISTEN connection was being replaced are
 * lost. Each event is also re-checked before it is sent (see find-streamed-security-event.server.ts).
 */
export const SESSION_SWEEP_MS = 30_000;

/** How long a session end is remembered, for a stream whose lookup raced with it. */
const RECENTLY_ENDED_MS = 60_000;

/** Why the hub ended a stream: its session ended, the cap took it (oldest first), or the process is stopping. */
export type StreamEndReason = "session-ended" | "stream-limit" | "shutdown";

export type StreamSubscriber = {
  userId: string;
  sessionId: string;
  /** The channel the stream follows (the hub's first channel when absent). */
  channel?: string;
  /** The id in each notification of the user on the channel (the stream re-reads what it needs before sending). */
  onEvent: (eventId: string) => void;
  /** Called once when the hub ends the stream; the stream must then close. */
  onEnd: (reason: StreamEndReason) => void;
};

/** A stream ended while it was being opened: its session ended (answer as signed out), the caps, or shutdown. */
export class StreamEndedError extends Error {
  constructor(readonly reason: StreamEndReason) {
    super(reason === "shutdown" ? "shutting down" : reason);
  }
}

export type UserEventHub = {
  /**
   * Calls `onEvent` with the id of each notification of `userId` on `channel` (the hub's first channel when
   * absent), and `onClose` when the process shuts down; returns the unsubscribe. A raw subscription, bound to no
   * session (for server-side listeners).
   */
  subscribe(userId: string, onEvent: (eventId: string) => void, onClose?: () => void, channel?: string): Promise<() => void>;
  /**
   * Registers a live event stream of a signed-in session: ended (`onEnd`) when the session ends on any
   * instance, when the caps need its place, or at shutdown. Rejects with StreamEndedError when it ended while
   * being opened (e.g. its session ended since it was looked up). Returns the unsubscribe.
   */
  openStream(subscriber: StreamSubscriber): Promise<() => void>;
  /** Ends this instance's streams of a session found ended (by a stream's re-check before sending), and refuses new ones. */
  endSession(sessionId: string): void;
  /** Open streams on this instance: in all, and of one user. */
  openStreams(userId?: string): number;
  /** Ends every open subscription (graceful shutdown: open event streams must not hold the server open). */
  close(): void;
};

type Entry = {
  userId: string;
  sessionId: string | null;
  channel: string;
  onEvent: (eventId: string) => void;
  onEnd: (reason: StreamEndReason) => void;
  /** Still being opened: not told of events or of its end (openStream reads `ended`). */
  pending: boolean;
  ended: StreamEndReason | null;
};

export type UserEventHubOptions = {
  /** The channels of per-user notifications (payload `{"id": …, "userId": …}`); the first is the default. */
  channels: readonly [string, ...string[]];
  /** The channel on which the database announces each session that ends (payload: its id; '*': all). */
  sessionEndedChannel: string;
  /** Of these sessions, those no longer valid (one statement for any number). */
  endedSessions: (sessionIds: string[]) => Promise<string[]>;
  sweepMs?: number;
};

/**
 * One LISTEN per process on each channel and on the session-ended channel (started with the first subscriber),
 * fanned out to the open event streams by user id and channel. With PostgreSQL every instance listens, so a
 * notification sent through any instance reaches tabs connected to any other, and a session ended through any
 * instance closes its streams on all of them.
 */
export function createUserEventHub(
  listen: Listen,
  logger: Logger,
  { channels, sessionEndedChannel, endedSessions, sweepMs = SESSION_SWEEP_MS }: UserEventHubOptions,
): UserEventHub {
  const [defaultChannel] = channels;
  /** Subscribers by user, oldest first (a Set keeps insertion order). */
  const byUser = new Map<string, Set<Entry>>();
  /** Streams by session, oldest first. */
  const bySession = new Map<string, Set<Entry>>();
  /** Session ids announced as ended, with when: oldest first. */
  const recentlyEnded = new Map<string, number>();
  let listening: Promise<unknown> | null = null;
  let listeningReady = false;
  let sweepTimer: ReturnType<typeof setInterval> | null = null;
  let closed = false;

  const streamCount = () => {
    let count = 0;
    for (const entries of bySession.values()) count += entries.size;
    return count;
  };

  function remove(entry: Entry) {
    const forUser = byUser.get(entry.userId);
    forUser?.delete(entry);
    if (forUser?.size === 0) byUser.delete(entry.userId);
    if (entry.sessionId !== null) {
      const forSession = bySession.get(entry.sessionId);
      forSession?.delete(entry);
      if (forSession?.size === 0) bySession.delete(entry.sessionId);
    }
    if (sweepTimer && bySession.size === 0) {
      clearInterval(sweepTimer);
      sweepTimer = null;
    }
  }

  function end(entry: Entry, reason: StreamEndReason) {
    if (entry.ended) return;
    entry.ended = reason;
    remove(entry);
    // A stream still being opened learns it from `ended` (openStream rejects); an open one is told.
    if (!entry.pending) {
      try {
        entry.onEnd(reason);
      } catch (error) {
        logger.warn({ err: error }, "event stream did not end cleanly");
      }
    }
  }

  function endSession(sessionId: string) {
    for (const entry of [...(bySession.get(sessionId) ?? [])]) end(entry, "session-ended");
  }

  function deliver(channel: string, payload: string) {
    try {
      const { id, userId } = JSON.parse(payload) as { id?: string; userId?: string | null };
      if (!id || !userId) return;
      for (const entry of [...(byUser.get(userId) ?? [])]) if (!entry.pending && entry.channel === channel) entry.onEvent(id);
    } catch (error) {
      logger.warn({ err: error, channel }, "unreadable user event notification");
    }
  }

  function sessionEnded(sessionId: string) {
    const now = Date.now();
    for (const [id, at] of recentlyEnded) {
      if (now - at < RECENTLY_ENDED_MS) break;
      recentlyEnded.delete(id);
    }
    if (sessionId === "*") {
      for (const id of [...bySession.keys()]) endSession(id);
      return;
    }
    recentlyEnded.delete(sessionId);
    recentlyEnded.set(sessionId, now);
    endSession(sessionId);
  }

  async function sweep(sessionIds = [...bySession.keys()]) {
    if (sessionIds.length === 0) return;
    for (const id of await endedSessions(sessionIds)) sessionEnded(id);
  }

  function startListening() {
    listening ??= Promise.all([
      ...channels.map((channel) => listen(channel, (payload) => deliver(channel, payload))),
      listen(sessionEndedChannel, sessionEnded),
    ]).then(
      () => {
        listeningReady = true;
      },
      (error: unknown) => {
        listening = null;
        throw error;
      },
    );
    return listening;
  }

  /** Adds `entry`; closes the oldest streams of its session, then of its user, beyond the caps. */
  function add(entry: Entry) {
    const forUser = byUser.get(entry.userId) ?? new Set();
    forUser.add(entry);
    byUser.set(entry.userId, forUser);
    if (entry.sessionId === null) return;
    const forSession = bySession.get(entry.sessionId) ?? new Set();
    forSession.add(entry);
    bySession.set(entry.sessionId, forSession);
    for (const oldest of [...forSession].slice(0, Math.max(0, forSession.size - MAX_STREAMS_PER_SESSION))) end(oldest, "stream-limit");
    const streams = [...forUser].filter((other) => other.sessionId !== null);
    for (const oldest of streams.slice(0, Math.max(0, streams.length - MAX_STREAMS_PER_USER))) end(oldest, "stream-limit");
    sweepTimer ??= setInterval(() => {
      sweep().catch((error: unknown) => logger.warn({ err: error }, "event stream sessions not re-checked"));
    }, sweepMs).unref();
  }

  return {
    async subscribe(userId, onEvent, onClose, channel = defaultChannel) {
      if (closed) throw new Error("shutting down");
      const entry: Entry = { userId, sessionId: null, channel, onEvent, onEnd: () => onClose?.(), pending: false, ended: null };
      add(entry);
      try {
        await startListening();
      } catch (error) {
        remove(entry);
        throw error;
      }
      return () => {
        entry.ended ??= "shutdown";
        remove(entry);
      };
    },
    async openStream({ userId, sessionId, channel = defaultChannel, onEvent, onEnd }) {
      if (closed) throw new Error("shutting down");
      // Its lookup saw the session valid; an end announced since then (before it is registered) is remembered.
      if (recentlyEnded.has(sessionId)) throw new StreamEndedError("session-ended");
      const entry: Entry = { userId, sessionId, channel, onEvent, onEnd, pending: true, ended: null };
      add(entry);
      try {
        const wasListening = listeningReady;
        await startListening();
        // Ends announced before this process listened were not heard: read this session once.
        if (!wasListening && !entry.ended) await sweep([sessionId]);
      } catch (error) {
        entry.ended ??= "shutdown";
        remove(entry);
        throw error;
      }
      if (entry.ended) throw new StreamEndedError(entry.ended);
      entry.pending = false;
      return () => {
        entry.ended ??= "shutdown";
        remove(entry);
      };
    },
    endSession(sessionId) {
      if (sessionId !== "*") sessionEnded(sessionId);
    },
    openStreams(userId) {
      if (userId === undefined) return streamCount();
      let count = 0;
      for (const entry of byUser.get(userId) ?? []) if (entry.sessionId !== null) count += 1;
      return count;
    },
    close() {
      closed = true;
      for (const entries of [...byUser.values()]) for (const entry of [...entries]) end(entry, "shutdown");
      byUser.clear();
      bySession.clear();
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = null;
    },
  };
}
