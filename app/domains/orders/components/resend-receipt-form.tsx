import { useEffect } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { RESEND_RECEIPT_INTENT } from "~/domains/orders/schemas/resend-receipt";
import { showToast, type ToastMessage } from "~/lib/toast";
import { useIsPending } from "~/lib/use-is-pending";

/** The "Resend receipt" button, a plain form; a refusal is announced under it and as a toast. */
export function ResendReceiptForm({
  buyerEmail,
  answer,
}: {
  buyerEmail: string;
  answer?: { error: string; toast: ToastMessage };
}) {
  useEffect(() => {
    if (answer?.toast) showToast(answer.toast);
  }, [answer]);
  const sending = useIsPending({ intent: RESEND_RECEIPT_INTENT, state: "submitting" });
  return (
    <Form method="post" className="grid gap-3" aria-describedby="resend-receipt-hint">
      <p id="resend-receipt-hint" className="text-sm text-muted-foreground">
        Sends the receipt to {buyerEmail} again, with a new link to their downloads.
      </p>
      <FormAlert message={answer?.error} />
      <div>
        <Button type="submit" name="intent" value={RESEND_RECEIPT_INTENT} variant="outline" disabled={sending}>
          {sending ? "Sending..." : "Resend receipt"}
        </Button>
      </div>
    </Form>
  );
}
