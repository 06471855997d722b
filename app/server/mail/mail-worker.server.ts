import { inTransaction, outsideTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import type { Listen } from "~/db/postgres-listener.server";
import type { Logger } from "../logger.server";
import {
  type ClaimedMailRequest,
  claimDueMail,
  claimMailRequest,
  deleteMailRequest,
  hasDueMailRequest,
  MAIL_OUTBOX_CHANNEL,
  markMailFailed,
  markMailSent,
  msUntilNextMailDue,
  type OutboxMail,
} from "./mail-outbox.server";
import type { ComposeMail } from "./mailer.server";
import { describeMailError, MAIL_MAX_ATTEMPTS, mailGivenUp, mailRetryDelayMs } from "./mail-retry.server";

/** The longest interval between looks for due rows. */
export const MAIL_POLL_INTERVAL_MS = 5_000;
/** Rows claimed per round, delivered concurrently. */
export const MAIL_CLAIM_BATCH_SIZE = 10;
/** How long a claim holds a row: longer than the slowest SMTP delivery, so no second worker takes it mid-send. */
export const MAIL_CLAIM_LOCK_MS = 2 * 60_000;
/** The soonest the worker wakes itself for a retry, so it cannot spin. */
const MIN_WAKE_MS = 20;

export type DeliverMail = (mail: OutboxMail) => Promise<void>;

/** Without a composer, requests fail and wait for an instance that has one. */
const NO_COMPOSER: ComposeMail = async (request) => {
  throw new Error(`no composer for mail requests of kind ${request.kind}`);
};

export type MailWorker = {
  /** Looks for due rows now; cheap when a round is running. */
  kick: () => void;
  /** Stops polling and waits for the round in flight. */
  close: () => Promise<void>;
};

/** Delivers the outbox: composes due requests, sends due rows and schedules retries. */
export function startMailWorker({
  db,
  deliver,
  compose = NO_COMPOSER,
  logger,
  listen,
  pollIntervalMs = MAIL_POLL_INTERVAL_MS,
}: {
  db: Database;
  deliver: DeliverMail;
  compose?: ComposeMail;
  logger: Logger;
  listen?: Listen;
  pollIntervalMs?: number;
}): MailWorker {
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | null = null;
  let kickedDuringRound = false;
  let unlisten: Promise<(() => Promise<void>) | undefined> = Promise.resolve(undefined);

  async function deliverOne(mail: OutboxMail) {
    try {
      await deliver(mail);
    } catch (error) {
      await recordFailure(mail.id, mail.attempts, error);
      return;
    }
    await markMailSent(db, mail.id);
  }

  async function recordFailure(id: string, previousAttempts: number, error: unknown) {
    const attempts = previousAttempts + 1;
    const retryInMs = mailRetryDelayMs(attempts);
    const description = describeMailError(error);
    await markMailFailed(db, id, { attempts, retryInMs, error: description });
    if (mailGivenUp(attempts)) {
      logger.error({ mailId: id, attempts, error: description }, `mail given up after ${MAIL_MAX_ATTEMPTS} attempts`);
    } else {
      logger.warn({ mailId: id, attempts, retryInMs, error: description }, "mail not delivered, will retry");
    }
  }

  /** Composes and removes one due request in one transaction; false when none is due. */
  async function composeOne(): Promise<boolean> {
    let claimed: ClaimedMailRequest | null = null;
    try {
      return await inTransaction(db, async (tx) => {
        claimed = await claimMailRequest(tx);
        if (!claimed) return false;
        await compose({ kind: claimed.kind, to: claimed.to });
        await deleteMailRequest(tx, claimed.id);
        return true;
      });
    } catch (error) {
      const failed = claimed as ClaimedMailRequest | null;
      if (!failed) throw error;
      await recordFailure(failed.id, failed.attempts, error);
      return true;
    }
  }

  /** Claims and delivers until nothing is due; returns when to look again. */
  async function runRound(): Promise<number> {
    for (;;) {
      kickedDuringRound = false;
      let composed = 0;
      if (await hasDueMailRequest(db)) {
        while (composed < MAIL_CLAIM_BATCH_SIZE && !closed && (await composeOne())) composed += 1;
      }
      const claimed = await claimDueMail(db, { limit: MAIL_CLAIM_BATCH_SIZE, lockMs: MAIL_CLAIM_LOCK_MS });
      if (claimed.length === 0 && composed === 0) break;
      const results = await Promise.allSettled(claimed.map(deliverOne));
      for (const result of results) {
        if (result.status === "rejected") logger.error({ err: result.reason }, "mail outbox row not updated");
      }
      if (closed) return pollIntervalMs;
    }
    const due = await msUntilNextMailDue(db);
    return due === null ? pollIntervalMs : Math.min(Math.max(due, MIN_WAKE_MS), pollIntervalMs);
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    if (closed) return;
    timer = setTimeout(kick, delayMs);
    timer.unref();
  }

  /**
   * Runs rounds outside the caller's async context, so they never use an ambient transaction's connection or see
   * uncommitted mail.
   */
  function kick() {
    outsideTransaction(startRound);
  }

  function startRound() {
    if (closed) return;
    if (round) {
      kickedDuringRound = true;
      return;
    }
    clearTimeout(timer);
    round = runRound()
      .catch((error: unknown) => {
        logger.warn({ error: describeMailError(error) }, "mail worker round failed");
        return pollIntervalMs;
      })
      .then((nextMs) => {
        round = null;
        if (kickedDuringRound) {
          kickedDuringRound = false;
          kick();
        } else {
          schedule(nextMs);
        }
      });
  }

  if (listen) {
    unlisten = listen(MAIL_OUTBOX_CHANNEL, () => kick()).catch((error: unknown) => {
      logger.warn({ error: describeMailError(error) }, "mail worker not listening for new mail (polling only)");
      return undefined;
    });
  }
  kick(); // rows left by a restart or a crash

  return {
    kick,
    async close() {
      closed = true;
      clearTimeout(timer);
      await (await unlisten)?.().catch(() => {});
      await round;
    },
  };
}
