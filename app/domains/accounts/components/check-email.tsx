import { MailCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { showToast } from "~/lib/toast";

export const VERIFIED_POLL_MS = 3000;

/** Register step 1.5: waits, by polling the session, for the link opened in another tab to sign this browser in. */
export function CheckEmail() {
  const navigate = useNavigate();
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(async () => {
      const response = await fetch("/api/auth/get-session", { headers: { accept: "application/json" } }).catch(
        () => null,
      );
      const session = response?.ok ? ((await response.json()) as { user?: { emailVerified?: boolean } } | null) : null;
      if (!stopped && session?.user?.emailVerified) {
        stopped = true;
        showToast({
          type: "success",
          title: "Email verified successfully!",
          description: "Tell us about your business to finish.",
        });
        navigate("/auth?tab=register&step=2", { replace: true });
      }
    }, VERIFIED_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [navigate]);
  return (
    <div className="text-center">
      <MailCheck aria-hidden="true" className="mx-auto size-12 text-primary" />
      <h2 className="mt-4 text-xl font-semibold">Check Your Email</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        We sent a verification email. Click the link in it to continue with your business information. Can't find it?
        Check your spam folder, or register again.
      </p>
      <Link to="/auth?tab=register" className={buttonClass({ variant: "outline", className: "mt-6" })}>
        Back to Registration
      </Link>
    </div>
  );
}
