import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { OAUTH_PROVIDERS } from "~/domains/accounts/oauth-providers";
import { usePendingFormData } from "~/lib/use-is-pending";

/** Third-party sign-in buttons posting `intent=oauth`; all are disabled while one connects. */
export function SocialButtons({
  from,
  providers = OAUTH_PROVIDERS.map((p) => p.id),
}: {
  from?: string;
  providers?: readonly string[];
}) {
  const pending = usePendingFormData({ intent: "oauth" });
  const connecting = pending ? String(pending.get("provider")) : null;
  return (
    <div className="grid gap-2">
      {OAUTH_PROVIDERS.filter((p) => providers.includes(p.id)).map((provider) => (
        <Form method="post" key={provider.id}>
          <input type="hidden" name="intent" value="oauth" />
          <input type="hidden" name="provider" value={provider.id} />
          {from ? <input type="hidden" name="from" value={from} /> : null}
          <Button type="submit" variant="outline" className="w-full" disabled={connecting !== null}>
            {connecting === provider.id ? "Connecting..." : `Continue with ${provider.label}`}
          </Button>
        </Form>
      ))}
    </div>
  );
}

export function Divider({ label = "or" }: { label?: string }) {
  return (
    <div className="relative my-2 text-center text-xs uppercase text-muted-foreground">
      <span className="absolute inset-x-0 top-1/2 border-t" aria-hidden="true" />
      <span className="relative bg-card px-2">{label}</span>
    </div>
  );
}
