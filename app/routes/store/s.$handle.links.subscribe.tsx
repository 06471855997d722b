import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form } from "react-router";
import { type CaptchaState, CaptchaField } from "~/domains/accounts/components/captcha-field";
import { captchaConfig } from "~/domains/accounts/server/captcha/captcha-config.server";
import { bioPath } from "~/domains/link-in-bio/bio-content";
import { SIGNUP_CONSENT_TEXT, bioSignupSchema } from "~/domains/link-in-bio/schemas/bio-forms";
import { readBioPage } from "~/domains/link-in-bio/server/read-bio-page.server";
import { signUpOnBioPage } from "~/domains/link-in-bio/server/sign-up-on-bio-page.server";
import { statusOf } from "~/lib/errors";
import { INVALID_EMAIL_MESSAGE } from "~/lib/form-fields";
import { readFormData } from "~/server/http/read-form-data.server";
import type { Route } from "./+types/s.$handle.links.subscribe";

/** A refusal's Retry-After reaches the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Subscribe to ${loaderData.name}` : "Page not found · Sellkit" },
  { name: "robots", content: "noindex" },
];

/** The bio page's sign-up on a page of its own, where the captcha is asked. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await readBioPage(context.services.db, params.handle);
  if (!page?.blocks.some((block) => block.kind === "signup")) throw data(null, { status: 404 });
  return {
    handle: page.store.handle,
    name: page.profile.title || page.store.name,
    theme: page.profile.theme,
    captcha: captchaConfig(context.services.env),
  };
}

type Answer = { state: "pending" | "invalid" | "captcha" | "limited"; email: string; message: string | null };

/** Mails the address a link to confirm its sign-up; the answer says whether a captcha is needed first. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: bioSignupSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const message = Object.values(errors).flat()[0] ?? INVALID_EMAIL_MESSAGE;
    return data<Answer>(
      { state: "invalid", email: String(submission.payload.email ?? "").slice(0, 254), message },
      { status: 400 },
    );
  }
  const { email, captcha } = submission.value;
  const result = await signUpOnBioPage(
    context.services,
    params.handle,
    { email, captcha },
    { ipAddress: context.clientIp },
  );
  if (result.ok) return data<Answer>({ state: "pending", email, message: null });
  if (result.code === "NOT_FOUND") throw data(null, { status: 404 });
  if (result.code === "BIO_SIGNUP_RATE_LIMITED")
    return data<Answer>(
      { state: "limited", email, message: result.message },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  return data<Answer>({ state: "captcha", email, message: result.message }, { status: statusOf(result.code) });
}

export default function BioSubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { handle, name, theme, captcha } = loaderData;
  const answer = actionData as Answer | undefined;
  const [captchaState, setCaptchaState] = useState<CaptchaState>("unverified");
  const needsCaptcha = answer?.state === "captcha";
  return (
    <div className="bio-page flex min-h-screen justify-center px-4 py-10" data-theme={theme}>
      <main className="grid w-full max-w-[36rem] content-start gap-4">
        <h1 className="text-2xl font-bold">{`Subscribe to ${name}`}</h1>
        {answer?.state === "pending" ? (
          <p role="status">{`Check your email to confirm your subscription. Until you confirm, ${name} will not email you.`}</p>
        ) : (
          <Form method="post" className="bio-card grid gap-3 p-4" noValidate={false}>
            {answer?.message ? (
              <p role="alert" className="font-medium">
                {answer.message}
              </p>
            ) : null}
            <label className="grid gap-1 text-sm font-medium">
              Email
              <input
                type="email"
                name="email"
                required
                autoComplete="email"
                defaultValue={answer?.email ?? ""}
                className="bio-input"
              />
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="consent" required className="mt-1 h-5 w-5" />
              <span>{SIGNUP_CONSENT_TEXT}</span>
            </label>
            {needsCaptcha ? <CaptchaField config={captcha} onStateChange={setCaptchaState} /> : null}
            <button type="submit" className="bio-button" disabled={needsCaptcha && captchaState !== "verified"}>
              Subscribe
            </button>
          </Form>
        )}
        <a href={bioPath(handle)} className="underline underline-offset-4">
          {`Back to ${name}`}
        </a>
      </main>
    </div>
  );
}
