import { TEST_BILLING_CARDS } from "~/domains/billing/test-billing-cards";

/** The TEST MODE card numbers and what each does, beside a card field. */
export function TestCardList({ id }: { id: string }) {
  return (
    <div id={id} className="rounded-md bg-muted p-3 text-sm">
      <p className="font-medium">Test cards</p>
      <ul className="mt-1 grid gap-1">
        {TEST_BILLING_CARDS.map((card) => (
          <li key={card.number}>
            <code className="font-mono">{card.number}</code>: {card.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
