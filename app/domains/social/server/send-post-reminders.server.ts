import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { formatDateTime } from "~/lib/zoned-time";
import type { Logger } from "~/server/logger.server";
import { mailLayout } from "~/server/mail/mail-layout.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { runEvery } from "~/server/tasks/run-every.server";
import { isPlatform, PLATFORM_RULES } from "../post-rules";
import { SOCIAL_PATH } from "../social-paths";
import { trackingUrl } from "../tracking-link";

type Services = { db: Database; mailer: Mailer; logger: Logger; env: { APP_URL: string } };

/** Reminders claimed per run; the next run takes the rest. */
const BATCH = 100;

type Due = {
  id: string;
  email: string;
  code: string;
  platform: string;
  text: string;
  scheduled_at: string;
  time_zone: string;
};

/**
 * Mails the seller of each scheduled post whose time has come: the claim of the post and the outbox row commit
 * together, so racing runs, instances or a restart send each reminder once.
 */
export async function sendPostReminders(services: Services): Promise<number> {
  const { db, mailer, env } = services;
  const due = await db.execute<Due>(sql`
    select p.id, u.email, p.code, p.platform, p.text, p.scheduled_at, p.time_zone
    from social_posts p join "user" u on u.id = p.user_id
    where p.status = 'scheduled' and p.reminder_sent_at is null and p.scheduled_at <= now()
    order by p.scheduled_at limit ${BATCH}`);
  let sent = 0;
  for (const post of due.rows) {
    const mailed = await db.transaction(async (tx) => {
      const claimed = await tx.execute(sql`
        update social_posts set reminder_sent_at = now()
        where id = ${post.id} and status = 'scheduled' and reminder_sent_at is null returning 1`);
      if (!claimed.rows.length || !isPlatform(post.platform)) return false;
      const rules = PLATFORM_RULES[post.platform];
      const link = trackingUrl(env.APP_URL, post.code);
      const compose = rules.compose?.(post.text, link);
      await mailer.send(
        mailLayout({
          to: post.email,
          subject: `Time to post on ${rules.label}`,
          preheader: `Your ${rules.label} post planned for ${formatDateTime(post.scheduled_at, post.time_zone)}.`,
          sections: [
            [`Your ${rules.label} post is due now (${formatDateTime(post.scheduled_at, post.time_zone)}).`],
            ["Text to copy:", post.text || "(no text yet)"],
            [`Your tracking link (counts clicks and sales for this post): ${link}`],
            [
              compose
                ? { button: `Open ${rules.label} with the post filled in`, url: compose }
                : `${rules.label} has no web page to start a post: copy the text, open the ${rules.label} app and paste it.`,
            ],
            [
              {
                sentence: "Once it is live,",
                link: "mark it as posted",
                url: `${env.APP_URL}${SOCIAL_PATH}/${post.id}`,
              },
            ],
          ],
          footer: "You get this email once per scheduled post.",
        }),
        { tx },
      );
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}

/** Runs the reminders every `intervalMs`, one run at a time; returns its stop function. */
export function startPostReminders(services: Services, intervalMs = 10_000): () => Promise<void> {
  return runEvery(() => sendPostReminders(services), intervalMs, services.logger, "social post reminders run failed");
}
