import { useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input, Select } from "~/components/ui/input";
type Reply = { result?: { error?: Record<string, string[] | null> }; recorded?: string };

/** One field's first error from a Conform reply, or the form's. */
function errorsOf(reply: Reply | undefined, name: string): string[] | undefined {
  return reply?.result?.error?.[name] ?? undefined;
}

/** Cash in or out of the drawer with a reason, and closing the shift with the counted cash. */
export function DrawerForms({
  shiftId,
  currency,
  waiting,
}: {
  shiftId: string;
  currency: string;
  /** Sales on this device not yet sent; null while the device's outbox is still being read. */
  waiting: number | null;
}) {
  const drawer = useFetcher<Reply>();
  const close = useFetcher<Reply>();
  const amountId = useId();
  const reasonId = useId();
  const kindId = useId();
  const countedId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Cash drawer</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <drawer.Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="drawer" />
          <input type="hidden" name="shiftId" value={shiftId} />
          <div className="grid grid-cols-2 gap-3">
            <FormField id={kindId} label="Cash">
              {(control) => (
                <Select
                  {...control}
                  name="kind"
                  options={[
                    { value: "paid_in", label: "In" },
                    { value: "paid_out", label: "Out" },
                  ]}
                />
              )}
            </FormField>
            <FormField id={amountId} label={`Amount (${currency})`} errors={errorsOf(drawer.data, "amount")}>
              {(control) => <Input {...control} name="amount" inputMode="decimal" />}
            </FormField>
          </div>
          <FormField id={reasonId} label="Reason" errors={errorsOf(drawer.data, "reason")}>
            {(control) => <Input {...control} name="reason" maxLength={200} />}
          </FormField>
          <FormAlert message={errorsOf(drawer.data, "")?.[0]} />
          <p aria-live="polite" className="text-sm">
            {drawer.state === "idle" && drawer.data?.recorded
              ? drawer.data.recorded === "paid_in"
                ? "Cash in recorded."
                : "Cash out recorded."
              : ""}
          </p>
          <Button type="submit" variant="outline" disabled={drawer.state !== "idle"}>
            Record cash
          </Button>
        </drawer.Form>
        <close.Form method="post" className="grid gap-3 border-t pt-4">
          <input type="hidden" name="intent" value="close-shift" />
          <input type="hidden" name="shiftId" value={shiftId} />
          <FormField id={countedId} label="Counted cash" errors={errorsOf(close.data, "countedCash")}>
            {(control) => <Input {...control} name="countedCash" inputMode="decimal" required />}
          </FormField>
          <FormAlert message={errorsOf(close.data, "")?.[0]} />
          {waiting !== null && waiting > 0 ? (
            <p className="text-sm text-amber-800">
              {`${waiting} ${waiting === 1 ? "sale is" : "sales are"} still waiting to be sent. Close the shift once they are sent.`}
            </p>
          ) : null}
          <Button
            type="submit"
            variant="secondary"
            disabled={waiting === null || waiting > 0 || close.state !== "idle"}
          >
            Close shift
          </Button>
        </close.Form>
      </CardContent>
    </Card>
  );
}
