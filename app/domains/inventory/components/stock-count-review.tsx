import { Form } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import type { StoreLocation } from "~/domains/inventory/store-management-data";
import type { StoreAnswer } from "~/domains/inventory/store-answer";

/** A count's review step: the lines that differ from the ledger, then posting them (or going back to the count). */
export function StockCountReview({
  location,
  review,
  backHref,
}: {
  location: StoreLocation;
  review: NonNullable<StoreAnswer["countReview"]>;
  backHref: string;
}) {
  return (
    <Form method="post" className="grid gap-3 rounded-lg border p-4" aria-labelledby="count-review-title">
      <h3 id="count-review-title" className="font-semibold">
        Review the count at {location.name}
      </h3>
      <input type="hidden" name="locationId" value={location.id} />
      {review.counts.map((count) => [
        <input key={`${count.variantId}-id`} type="hidden" name="variantId" value={count.variantId} />,
        <input key={`${count.variantId}-n`} type="hidden" name="counted" value={count.counted} />,
      ])}
      {review.lines.length ? (
        <>
          <p role="status">
            {review.lines.length} {review.lines.length === 1 ? "item differs" : "items differ"} from the stock on hand.
            Posting records a counted movement of each difference.
          </p>
          <DataTable
            caption={`Differences counted at ${location.name}`}
            columns={[
              { label: "Item" },
              { label: "SKU" },
              { label: "On hand", align: "right" },
              { label: "Counted", align: "right" },
              { label: "Difference", align: "right" },
            ]}
          >
            {review.lines.map((line) => (
              <tr key={line.variantId} className="border-t">
                <th scope="row" className="px-3 py-2 font-medium">
                  {line.name}
                </th>
                <td className="px-3 py-2">{line.sku ?? "—"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{line.onHand}</td>
                <td className="px-3 py-2 text-right tabular-nums">{line.counted}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {line.difference > 0 ? `+${line.difference}` : line.difference}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : (
        <p role="status">Every counted quantity matches the stock on hand: there is nothing to post.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {review.lines.length ? (
          <Button type="submit" name="intent" value="count-post">
            Post count
          </Button>
        ) : null}
        <ButtonLink to={backHref} variant="outline">
          Back to counting
        </ButtonLink>
      </div>
    </Form>
  );
}
