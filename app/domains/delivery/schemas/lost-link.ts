import { z } from "zod";
import { emailField } from "~/lib/form-fields";

/** The lost-link form: the email the purchases were made with. */
export const lostLinkSchema = z.object({ email: emailField });
