import type { Listen } from "~/db/postgres-listener.server";
import type { Logger } from "~/server/logger.server";

// Signed-in users' live events (decision 010), fanned out from NOTIFY to their sessions' streams.

/** Open streams per session (a browser's connection limit) and per user; one more closes the oldest. */
export const MAX_STREAMS_PER_SESSION = 6;
export const MAX_STREAMS_PER_USER = 20;

/**
 * How often open streams' sessions are re-read, since an expiry announces nothing and a reconnecting LISTEN misses
 * ends.
 */
export const SESSION_SWEEP_MS = 30_000;

/** How long a session end is remembered, for racing stream lookups. */
const RECENTLY_ENDED_MS = 60_000;

/** Why the hub ended a stream. */
export type StreamEndReason = "session-ended" | "stream-limit" | "shutdown";

export type StreamSubscriber = {
  userId: string;
  sessionId: string;
  /** The channel followed; the hub's first when absent. */
  channel?: string;
  /** Gets the id of each of the user's notifications on the channel. */
  onEvent: (eventId: string) => void;
  /** Told once when the hub ends the stream, which must close. */
  onEnd: (reason: StreamEndReason) => void;
};

/** A stream ended while it was being opened. */
export class StreamEndedError extends Error {
  constructor(readonly reason: StreamEndReason) {
    super(reason === "shutdown" ? "shutting down" : reason);
  }
}

export type UserEventHub = {
  /** A subscription bound to no session, for server-side listeners. */
  subscribe(
    userId: string,
    onEvent: (eventId: string) => void,
    onClose?: () => void,
    channel?: string,
  ): Promise<() => void>;
  /** Registers a session's stream, ended with its session, by the caps or at shutdown. */
  openStream(subscriber: StreamSubscriber): Promise<() => void>;
  /** Ends this instance's streams of a session found ended, and refuses new ones. */
  endSession(sessionId: string): void;
  /** Open streams on this instance: in all, and of one user. */
  openStreams(userId?: string): number;
  /** Ends every subscription, at shutdown. */
  close(): void;
};

type Entry = {
  userId: string;
  sessionId: string | null;
  channel: string;
  onEvent: (eventId: string) => void;
  onEnd: (reason: StreamEndReason) => void;
  /** Still being opened: openStream reads `ended` instead of being told. */
  pending: boolean;
  ended: StreamEndReason | null;
};

export type UserEventHubOptions = {
  /** The channels of per-user notifications; the first is the default. */
  channels: readonly [string, ...string[]];
  /** The channel announcing ended sessions by id ('*': all). */
  sessionEndedChannel: string;
  /** Of these sessions, those no longer valid. */
  endedSessions: (sessionIds: string[]) => Promise<string[]>;
  sweepMs?: number;
};

/** One LISTEN per channel per process, fanned out by user and channel. */
export function createUserEventHub(
  listen: Listen,
  logger: Logger,
  { channels, sessionEndedChannel, endedSessions, sweepMs = SESSION_SWEEP_MS }: UserEventHubOptions,
): UserEventHub {
  const [defaultChannel] = channels;
  /** Subscribers by user, oldest first. */
  const byUser = new Map<string, Set<Entry>>();
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
      for (const entry of [...(byUser.get(userId) ?? [])])
        if (!entry.pending && entry.channel === channel) entry.onEvent(id);
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

  /** Adds `entry`, closing the oldest streams beyond the caps. */
  function add(entry: Entry) {
    const forUser = byUser.get(entry.userId) ?? new Set();
    forUser.add(entry);
    byUser.set(entry.userId, forUser);
    if (entry.sessionId === null) return;
    const forSession = bySession.get(entry.sessionId) ?? new Set();
    forSession.add(entry);
    bySession.set(entry.sessionId, forSession);
    for (const oldest of [...forSession].slice(0, Math.max(0, forSession.size - MAX_STREAMS_PER_SESSION)))
      end(oldest, "stream-limit");
    const streams = [...forUser].filter((other) => other.sessionId !== null);
    for (const oldest of streams.slice(0, Math.max(0, streams.length - MAX_STREAMS_PER_USER)))
      end(oldest, "stream-limit");
    sweepTimer ??= setInterval(() => {
      sweep().catch((error: unknown) => logger.warn({ err: error }, "event stream sessions not re-checked"));
    }, sweepMs).unref();
  }

  return {
    async subscribe(userId, onEvent, onClose, channel = defaultChannel) {
      if (closed) throw new Error("shutting down");
      const entry: Entry = {
        userId,
        sessionId: null,
        channel,
        onEvent,
        onEnd: () => onClose?.(),
        pending: false,
        ended: null,
      };
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
      // Ends announced since the session lookup are remembered.
      if (recentlyEnded.has(sessionId)) throw new StreamEndedError("session-ended");
      const entry: Entry = { userId, sessionId, channel, onEvent, onEnd, pending: true, ended: null };
      add(entry);
      try {
        const wasListening = listeningReady;
        await startListening();
        // Ends announced before this process listened went unheard: check once.
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
