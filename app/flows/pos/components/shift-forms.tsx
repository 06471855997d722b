import { useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";

type Reply = { result?: { error?: Record<string, string[] | null> }; recorded?: string };

/** One field's first error from a Conform reply, or the form's. */
function errorsOf(reply: Reply | undefined, name: string): string[] | undefined {
  return reply?.result?.error?.[name] ?? undefined;
}

/** Opens the register's shift with the cash counted into the drawer. */
export function OpenShiftForm({ registerId }: { registerId: string }) {
  const fetcher = useFetcher<Reply>();
  const floatId = useId();
  return (
    <Card className="mx-auto mt-6 max-w-md">
      <CardHeader>
        <CardTitle as="h2">Open a shift</CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="open-shift" />
          <input type="hidden" name="registerId" value={registerId} />
          <FormField
            id={floatId}
            label="Opening float"
            hint="The cash in the drawer before the first sale."
            errors={errorsOf(fetcher.data, "openingFloat")}
          >
            {(control) => <Input {...control} name="openingFloat" inputMode="decimal" defaultValue="0.00" required />}
          </FormField>
          <FormAlert message={errorsOf(fetcher.data, "")?.[0]} />
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Open shift
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
