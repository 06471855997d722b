import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { AuthCard } from "~/domains/accounts/components/auth-card";
import { buttonClass } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/verification-success";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Verification Success!", description: "Your email address is verified." });

export default function VerificationSuccess() {
  return (
    <AuthCard title="Verification Success!">
      <div className="text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-success" />
        <p className="mt-4">Your email address is verified. You're ready to start selling.</p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Link to="/dashboard" className={buttonClass()}>
            Go to Dashboard
          </Link>
          <Link to="/" className={buttonClass({ variant: "outline" })}>
            Back to Home
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}
