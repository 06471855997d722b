import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Clock, Mail } from "lucide-react";
import { data, Form } from "react-router";
import { PageHero, PageShell, Section } from "~/components/site/page-shell";
import { useSchemaForm } from "~/lib/use-schema-form";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { HELP_FACTS } from "~/domains/marketing/content/marketing";
import { pageMeta } from "~/lib/meta";
import { contactMessageSchema } from "~/domains/marketing/schemas/contact-message";
import { submitContactMessage } from "~/domains/marketing/server/submit-contact-message.server";
import { readFormData } from "~/server/http/read-form-data.server";
import type { Route } from "./+types/contact";
import { statusOf } from "~/lib/errors";
import { useIsPending } from "~/lib/use-is-pending";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact us",
    description: `Questions about Sellkit? Write to us — we reply within ${HELP_FACTS.contactReplyBusinessDays} business days.`,
  });

/** An answer over the contact limit says when to write again (Retry-After). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** A field real visitors never see: bots that fill it are thanked and ignored. */
const HONEYPOT_FIELD = "website";

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: contactMessageSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  if (formData.get(HONEYPOT_FIELD)) return { result: submission.reply({ resetForm: true }), sent: true };

  const { db, mailer, env, logger } = context.services;
  let outcome: Awaited<ReturnType<typeof submitContactMessage>>;
  try {
    outcome = await submitContactMessage({ db, mailer, logger, supportEmail: env.SUPPORT_EMAIL }, submission.value, {
      ipAddress: context.clientIp,
      userAgent: request.headers.get("user-agent") ?? undefined,
    });
  } catch (error) {
    logger.error({ err: error }, "contact message could not be stored");
    return data(
      {
        result: submission.reply({
          formErrors: ["Your message could not be sent right now. Please try again in a moment."],
        }),
        sent: false,
      },
      { status: 503 },
    );
  }
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message] }), sent: false },
      { status: statusOf(outcome.code), headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

function ContactForm({ lastResult }: { lastResult: Route.ComponentProps["actionData"] }) {
  const busy = useIsPending({ state: "submitting" });
  const [form, fields] = useSchemaForm("contact", contactMessageSchema, lastResult?.result);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField id={fields.name.id} label="Name" errors={fields.name.errors}>
          {(control) => <Input {...getInputProps(fields.name, { type: "text" })} {...control} autoComplete="name" />}
        </FormField>
        <FormField id={fields.email.id} label="Email" errors={fields.email.errors}>
          {(control) => <Input {...getInputProps(fields.email, { type: "email" })} {...control} autoComplete="email" />}
        </FormField>
      </div>
      <FormField id={fields.subject.id} label="Subject" errors={fields.subject.errors}>
        {(control) => <Input {...getInputProps(fields.subject, { type: "text" })} {...control} />}
      </FormField>
      <FormField id={fields.message.id} label="Message" errors={fields.message.errors}>
        {(control) => <Textarea {...getTextareaProps(fields.message)} {...control} rows={6} />}
      </FormField>
      <div aria-hidden="true" className="hidden">
        <label htmlFor={HONEYPOT_FIELD}>Leave this empty</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <FormAlert message={form.errors?.[0]} />
      <Button type="submit" size="lg" disabled={busy} className="mt-2 justify-self-start">
        {busy ? "Sending..." : "Send Message"}
      </Button>
    </Form>
  );
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <PageShell>
      <PageHero title="Contact us" lead="Questions about selling, pricing or your account? We're here to help." />
      <Section>
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[2fr_1fr]">
          <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
            {actionData?.sent ? (
              <div role="status" className="py-10 text-center">
                <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-success" />
                <h2 className="mt-4 text-2xl font-semibold">Thank you for your message!</h2>
                <p className="mt-2 text-muted-foreground">
                  We'll get back to you within {HELP_FACTS.contactReplyBusinessDays} business days.
                </p>
              </div>
            ) : (
              <>
                <h2 className="mb-6 text-xl font-semibold">Send us a message</h2>
                <ContactForm lastResult={actionData} />
              </>
            )}
          </div>
          <aside className="space-y-6 text-sm">
            <div className="flex gap-3">
              <Clock aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <p>We reply to every message within {HELP_FACTS.contactReplyBusinessDays} business days.</p>
            </div>
            <div className="flex gap-3">
              <Mail aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <p>Your message goes straight to our support team's inbox; replies come to the email you give.</p>
            </div>
          </aside>
        </div>
      </Section>
    </PageShell>
  );
}
