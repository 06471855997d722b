import type { Database } from "~/db/database.server";
import type { Listen } from "~/db/postgres-listener.server";
import type { Logger } from "~/server/logger.server";
import { createUserEventHub, SESSION_SWEEP_MS, type UserEventHub } from "~/server/events/user-event-hub.server";
import { endedSessions } from "./ended-sessions.server";
import { SECURITY_EVENTS_CHANNEL } from "~/kernel/audit/record-security-event.server";

export {
  MAX_STREAMS_PER_SESSION,
  MAX_STREAMS_PER_USER,
  SESSION_SWEEP_MS,
  StreamEndedError,
  type StreamEndReason,
  type StreamSubscriber,
} from "~/server/events/user-event-hub.server";

/** The channel on which the database announces each ended session (payload: its id; '*': all). */
export const SESSION_ENDED_CHANNEL = "session_ended";

/**
 * The process's one hub of live events: security events plus per-user `channels`, whose streams end with their
 * sessions.
 */
export function createSecurityEventHub(
  listen: Listen,
  logger: Logger,
  db: Database,
  { sweepMs = SESSION_SWEEP_MS, channels = [] }: { sweepMs?: number; channels?: readonly string[] } = {},
): UserEventHub {
  return createUserEventHub(listen, logger, {
    channels: [SECURITY_EVENTS_CHANNEL, ...channels],
    sessionEndedChannel: SESSION_ENDED_CHANNEL,
    endedSessions: (sessionIds) => endedSessions(db, sessionIds),
    sweepMs,
  });
}
