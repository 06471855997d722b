import { CreditCard } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input, Select } from "~/components/ui/input";
import type { PosRegister } from "~/flows/pos/pos-types";

type Reply = { result?: { error?: Record<string, string[] | null> } };

/** Connects a Stripe Terminal reader to a register by the code the reader shows, or disconnects it. */
export function CardReaderSettings({ registers }: { registers: PosRegister[] }) {
  const fetcher = useFetcher<Reply>();
  const [registerId, setRegisterId] = useState(registers[0]?.id ?? "");
  const register = registers.find((r) => r.id === registerId) ?? registers[0];
  const registerFieldId = useId();
  const codeId = useId();
  const labelId = useId();
  if (!register) return null;
  const errors = fetcher.data?.result?.error;
  return (
    <Card className="mx-auto mt-6 max-w-3xl">
      <CardHeader>
        <CardTitle as="h2">Connect a card reader</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="flex items-center gap-2 text-sm">
          <CreditCard aria-hidden="true" />
          {register.cardReaderLabel
            ? `${register.name} takes cards on the reader “${register.cardReaderLabel}”.`
            : `${register.name} has no card reader: cards go to the test reader.`}
        </p>
        <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-3">
          {registers.length > 1 ? (
            <FormField id={registerFieldId} label="Register">
              {(control) => (
                <Select
                  {...control}
                  name="registerId"
                  value={register.id}
                  onChange={(event) => setRegisterId(event.currentTarget.value)}
                  options={registers.map((r) => ({ value: r.id, label: `${r.locationName} · ${r.name}` }))}
                />
              )}
            </FormField>
          ) : (
            <input type="hidden" name="registerId" value={register.id} />
          )}
          <FormField
            id={codeId}
            label="Registration code"
            hint="Shown on the reader; simulated-wpe adds Stripe's simulated reader."
            errors={errors?.registrationCode ?? undefined}
          >
            {(control) => <Input {...control} name="registrationCode" autoComplete="off" />}
          </FormField>
          <FormField id={labelId} label="Label (optional)">
            {(control) => <Input {...control} name="label" maxLength={100} />}
          </FormField>
          <div className="flex flex-wrap gap-2 sm:col-span-3">
            <Button type="submit" name="intent" value="connect-reader" disabled={fetcher.state !== "idle"}>
              Connect reader
            </Button>
            {register.cardReaderLabel ? (
              <Button
                type="submit"
                name="intent"
                value="disconnect-reader"
                variant="outline"
                disabled={fetcher.state !== "idle"}
              >
                Disconnect reader
              </Button>
            ) : null}
          </div>
          <FormAlert message={errors?.[""]?.[0]} />
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
