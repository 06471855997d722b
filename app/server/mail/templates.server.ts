import { type MailButton, mailLayout } from "./mail-layout.server";
import type { MailMessage } from "./mailer.server";

const TEAM = "— The Sellkit team";

/** An account email as plain text plus simple HTML, with absolute links. */
function accountMail(to: string, subject: string, lines: string[], link?: { label: string; url: string }): MailMessage {
  const button: MailButton[] = link ? [{ button: link.label, url: link.url }] : [];
  return mailLayout({ to, subject, sections: [lines, button], footer: TEAM });
}

export const mailTemplates = {
  verifyEmail: (to: string, url: string) =>
    accountMail(
      to,
      "Verify your email for Sellkit",
      [
        "Welcome to Sellkit!",
        "Please confirm your email address to finish creating your account. The link is valid for 1 hour.",
      ],
      {
        label: "Verify my email",
        url,
      },
    ),
  existingAccountSignUp: (to: string, signInUrl: string) =>
    accountMail(
      to,
      "Someone tried to create a Sellkit account with your email",
      [
        "Someone (perhaps you) tried to register a new Sellkit account with this email address, which already has an account.",
        "If it was you, simply sign in — or reset your password if you have forgotten it. If not, you can ignore this email.",
      ],
      { label: "Sign in", url: signInUrl },
    ),
  resetPassword: (to: string, url: string) =>
    accountMail(
      to,
      "Reset your Sellkit password",
      [
        "We received a request to reset your password. The link is valid for 1 hour.",
        "If you did not ask for it, ignore this email: your password stays unchanged.",
      ],
      {
        label: "Reset my password",
        url,
      },
    ),
  /** After a reset or a password change, both of which sign sessions out. */
  passwordChanged: (to: string, when: Date, signedOut: "all" | "others" = "all") =>
    accountMail(to, "Your Sellkit password was changed", [
      `Your password was changed on ${when.toUTCString()}. ${signedOut === "all" ? "All your sessions were signed out." : "Your other sessions were signed out."}`,
      "If this wasn't you, reset your password right away and contact support.",
    ]),
  /** Goes to the new address: the email changes only when this link is opened. */
  confirmEmailChange: (to: string, url: string) =>
    accountMail(
      to,
      "Confirm your new email for Sellkit",
      [
        "You asked to use this address for your Sellkit account. Open the link to confirm it; until then your account keeps its current email. The link is valid for 1 hour.",
        "If you did not ask for it, ignore this email.",
      ],
      { label: "Confirm my new email", url },
    ),
  /** Goes to the current address, showing the new one masked. */
  emailChangeRequested: (to: string, maskedNewEmail: string) =>
    accountMail(to, "A change of your Sellkit email was requested", [
      `Someone signed in to your Sellkit account asked to change its email to ${maskedNewEmail}. It changes only once the link sent to that address is opened.`,
      "If this wasn't you, change your password right away and contact support.",
    ]),
  accountDeleted: (to: string, when: Date) =>
    accountMail(to, "Your Sellkit account was deleted", [
      `Your Sellkit account and all its data were deleted on ${when.toUTCString()}, and every session was signed out.`,
      "If this wasn't you, contact support right away.",
    ]),
  magicLink: (to: string, url: string) =>
    accountMail(
      to,
      "Your Sellkit sign-in link",
      [
        "Use this link to sign in to Sellkit. It is valid for 5 minutes and can be used once.",
        "If you did not ask for it, ignore this email.",
      ],
      {
        label: "Sign in to Sellkit",
        url,
      },
    ),
};
