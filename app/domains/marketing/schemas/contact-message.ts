import { z } from "zod";
import { emailField, requiredText } from "~/lib/form-fields";

export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

/** The contact form: name, email, subject and message, all required. */
export const contactMessageSchema = z.object({
  name: requiredText(
    "Please enter your name",
    CONTACT_LIMITS.name,
    `Name must be at most ${CONTACT_LIMITS.name} characters`,
  ),
  email: emailField,
  subject: requiredText(
    "Please enter a subject",
    CONTACT_LIMITS.subject,
    `Subject must be at most ${CONTACT_LIMITS.subject} characters`,
  ),
  message: requiredText(
    "Please enter your message",
    CONTACT_LIMITS.message,
    `Message must be at most ${CONTACT_LIMITS.message} characters`,
  ),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
