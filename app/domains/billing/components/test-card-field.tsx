import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { TestCardList } from "./test-card-list";

/** A TEST MODE card number field with the test cards listed under it (checkout and portal). */
export function TestCardField({ id, label }: { id: string; label: string }) {
  const cardsId = `${id}-test-cards`;
  return (
    <>
      <FormField id={id} label={label}>
        {(control) => (
          <Input
            {...control}
            aria-describedby={cardsId}
            name="card"
            type="text"
            required
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
          />
        )}
      </FormField>
      <TestCardList id={cardsId} />
    </>
  );
}
