/** A message the app sends. Plain text is always present; HTML is optional. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

export type Mailer = {
  /** "smtp" when SMTP_URL is set, otherwise "dev-mailbox" (kept in the database, readable at /dev/mailbox). */
  kind: "smtp" | "dev-mailbox";
  send: (message: MailMessage) => Promise<void>;
  close: () => Promise<void>;
};
