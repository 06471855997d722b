import { z } from "zod";
import { ALLOWED_ORIGINS_MAX, parseAllowedOrigin } from "~/domains/sales-methods/embed/allowed-origins";

/** The Allowed websites form: one origin per line, each a plain http(s) address without a path. */
export const allowedOriginsSchema = z.object({
  origins: z
    .string()
    .max(ALLOWED_ORIGINS_MAX * 300, `List at most ${ALLOWED_ORIGINS_MAX} websites.`)
    .optional()
    .transform((value, ctx) => {
      const lines = (value ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      const origins = new Set<string>();
      for (const line of lines) {
        const origin = parseAllowedOrigin(line);
        if (!origin) {
          ctx.addIssue({
            code: "custom",
            message: `“${line.slice(0, 80)}” is not a website address like https://shop.example.com (no path).`,
          });
          return z.NEVER;
        }
        origins.add(origin);
      }
      if (origins.size > ALLOWED_ORIGINS_MAX) {
        ctx.addIssue({ code: "custom", message: `List at most ${ALLOWED_ORIGINS_MAX} websites.` });
        return z.NEVER;
      }
      return [...origins];
    }),
});
