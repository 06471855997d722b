import { Eye, KeyRound, Lock, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { PageHero, PageShell, Section } from "~/components/site/page-shell";
import { buttonClass } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/security";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Security",
    description:
      "Two-factor authentication, session monitoring and live security events protect every Sellkit account.",
  });

const PRACTICES = [
  {
    icon: KeyRound,
    title: "Two-factor authentication",
    text: "Protect your account with an authenticator app and single-use backup codes.",
  },
  {
    icon: Eye,
    title: "Session monitoring",
    text: "See every device signed in to your account and end any session with one click.",
  },
  {
    icon: ShieldCheck,
    title: "Threat detection",
    text: "Sign-ins, failures and changes are recorded as security events with a risk score.",
  },
  {
    icon: Lock,
    title: "Encryption",
    text: "Traffic is encrypted in transit; passwords are hashed and 2FA secrets are encrypted at rest.",
  },
];

export default function Security() {
  return (
    <PageShell>
      <PageHero
        title="Security at Sellkit"
        lead="Your account holds your earnings and your customers' data. We protect both."
      />
      <Section>
        <ul className="grid gap-6 sm:grid-cols-2">
          {PRACTICES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border bg-card p-6">
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <h2 className="mt-3 text-lg font-semibold">{title}</h2>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm text-muted-foreground">
          Found a vulnerability? Please tell us through the{" "}
          <Link to="/contact" className="text-primary underline">
            contact form
          </Link>
          .
        </p>
        <div className="mt-6 text-center">
          <Link to="/signup" className={buttonClass()}>
            Create a secure account
          </Link>
        </div>
      </Section>
    </PageShell>
  );
}
