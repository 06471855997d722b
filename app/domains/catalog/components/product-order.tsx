import { ArrowDown, ArrowUp } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

export type OrderedProduct = { id: string; name: string; status: "draft" | "published" };

/** What the action answers to a move: where the product went, or why it could not move. */
export type MoveAnswer = { moved: { productId: string; position: number; count: number } } | { error: string };

/** The two move buttons: up is disabled on the first product, down on the last. */
const MOVES = [
  { direction: "up", label: "Move up", Icon: ArrowUp, last: false },
  { direction: "down", label: "Move down", Icon: ArrowDown, last: true },
] as const;

/**
 * The storefront's product order, moved by buttons; focus follows the moved product and its new position is announced.
 */
export function ProductOrder({ products }: { products: readonly OrderedProduct[] }) {
  const fetcher = useFetcher<MoveAnswer>();
  const list = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const pendingDirection = useRef<"up" | "down">("up");

  useEffect(() => {
    if (!answer) return;
    if ("error" in answer) {
      setAnnouncement(answer.error);
      return;
    }
    const { productId, position, count } = answer.moved;
    const name = products.find((product) => product.id === productId)?.name ?? "The product";
    setAnnouncement(`${name} moved to position ${position + 1} of ${count}.`);
    const row = list.current?.querySelector(`[data-product-id="${productId}"]`);
    const preferred = row?.querySelector<HTMLButtonElement>(
      `button[value="${pendingDirection.current}"]:not(:disabled)`,
    );
    (preferred ?? row?.querySelector<HTMLButtonElement>("button:not(:disabled)"))?.focus();
  }, [answer, products]);

  return (
    <>
      <ol ref={list} className="divide-y rounded-md border">
        {products.map((product, index) => (
          <li key={product.id} data-product-id={product.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <span className="w-6 text-sm tabular-nums text-muted-foreground">{index + 1}.</span>
            <span className="min-w-0 flex-1 break-words font-medium">{product.name}</span>
            <Badge variant={product.status === "published" ? "success" : "outline"}>
              {product.status === "published" ? "Published" : "Draft"}
            </Badge>
            <fetcher.Form
              method="post"
              className="flex gap-2"
              onSubmit={(event) => {
                const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
                if (submitter?.value === "up" || submitter?.value === "down")
                  pendingDirection.current = submitter.value;
              }}
            >
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="productId" value={product.id} />
              {MOVES.map(({ direction, label, Icon, last }) => (
                <Button
                  key={direction}
                  type="submit"
                  name="direction"
                  value={direction}
                  aria-label={`${label}: ${product.name}`}
                  variant="outline"
                  size="sm"
                  disabled={index === (last ? products.length - 1 : 0) || fetcher.state !== "idle"}
                >
                  <Icon aria-hidden="true" /> {label}
                </Button>
              ))}
            </fetcher.Form>
          </li>
        ))}
      </ol>
      <p aria-live="polite" role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
