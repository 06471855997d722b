import { type KeyboardEvent, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { BIO_BLOCK_KINDS, isBlockLive } from "~/domains/link-in-bio/bio-content";
import type { EditorBioBlock, EditorProduct } from "~/domains/link-in-bio/bio-editor";
import { formatMoney } from "~/lib/money";
import { formatDateTime } from "~/lib/zoned-time";
import { BlockForm, type FieldErrors } from "./block-form";

/** What a block shows in the list: its text, or its product's name. */
function blockLabel(block: EditorBioBlock, products: EditorProduct[]): string {
  if (block.kind === "product") return products.find((product) => product.id === block.productId)?.name ?? "Product";
  if (block.kind === "text") return block.body.slice(0, 60);
  return block.title || BIO_BLOCK_KINDS.find((kind) => kind.value === block.kind)!.label;
}

/** `ids` with the item at `from` moved to `to`. */
export function moveItem(ids: string[], from: number, to: number): string[] {
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return ids;
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * The page's blocks in order with their figures; reordered by drag and drop, the Move buttons or Alt+Arrow keys,
 * each move saved at once and announced.
 */
export function BlockList({
  blocks,
  products,
  timeZone,
  errorsOf,
  now,
}: {
  blocks: EditorBioBlock[];
  products: EditorProduct[];
  timeZone: string;
  errorsOf: (blockId: string) => FieldErrors;
  now: Date;
}) {
  const fetcher = useFetcher();
  const ids = blocks.map((block) => block.id).join(",");
  const [order, setOrder] = useState({ ids, local: blocks.map((block) => block.id) });
  // A reload with other blocks resets the local order.
  const current = order.ids === ids ? order.local : blocks.map((block) => block.id);
  const [dragged, setDragged] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const byId = new Map(blocks.map((block) => [block.id, block]));

  function move(from: number, to: number) {
    const next = moveItem(current, from, to);
    if (next === current) return;
    setOrder({ ids, local: next });
    const block = byId.get(current[from]!)!;
    setAnnouncement(`${blockLabel(block, products)} moved to position ${to + 1} of ${next.length}.`);
    fetcher.submit({ intent: "order", order: next.join(",") }, { method: "post" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, index: number) {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    move(index, event.key === "ArrowUp" ? index - 1 : index + 1);
  }

  if (blocks.length === 0)
    return <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">No blocks yet.</p>;
  return (
    <>
      <p className="text-sm text-muted-foreground" id="reorder-help">
        Drag a block by its handle, or focus it and press Alt+Up or Alt+Down, or use its Move buttons.
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ol className="grid gap-3" aria-describedby="reorder-help">
        {current.map((id, index) => {
          const block = byId.get(id)!;
          const live = isBlockLive(block, now);
          const label = blockLabel(block, products);
          return (
            <li
              key={id}
              id={`block-${id}`}
              data-block-id={id}
              draggable
              onDragStart={(event) => {
                setDragged(id);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", id);
              }}
              onDragOver={(event) => {
                if (dragged) event.preventDefault();
              }}
              onDrop={(event) => {
                event.preventDefault();
                const from = current.indexOf(dragged ?? event.dataTransfer.getData("text/plain"));
                setDragged(null);
                if (from >= 0) move(from, index);
              }}
              onDragEnd={() => setDragged(null)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`rounded-lg border bg-card p-3 ${dragged === id ? "opacity-50" : ""}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span aria-hidden="true" className="cursor-grab select-none px-1 text-muted-foreground" title="Drag">
                  ⋮⋮
                </span>
                <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  {BIO_BLOCK_KINDS.find((kind) => kind.value === block.kind)!.label}
                </span>
                <span className="min-w-0 flex-1 truncate font-medium">{label}</span>
                {block.hidden ? (
                  <Badge variant="secondary">Hidden</Badge>
                ) : live ? (
                  <Badge>Live</Badge>
                ) : (
                  <Badge variant="outline">Scheduled</Badge>
                )}
              </div>
              {block.showFrom || block.showUntil ? (
                <p className="mt-1 text-xs text-muted-foreground">
                  {[
                    block.showFrom ? `From ${formatDateTime(block.showFrom, timeZone)}` : null,
                    block.showUntil ? `until ${formatDateTime(block.showUntil, timeZone)}` : null,
                  ]
                    .filter(Boolean)
                    .join(" ")}
                </p>
              ) : null}
              {block.kind === "link" || block.kind === "product" ? (
                <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={`Figures of ${label}`}>
                  <div className="flex gap-1">
                    <dt className="text-muted-foreground">Clicks</dt>
                    <dd className="font-semibold" data-figure="clicks">
                      {block.clicks}
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-muted-foreground">Orders</dt>
                    <dd className="font-semibold" data-figure="orders">
                      {block.orders}
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-muted-foreground">Revenue</dt>
                    <dd className="font-semibold" data-figure="revenue">
                      {block.revenue.length
                        ? block.revenue.map((amount) => formatMoney(amount.cents, amount.currency)).join(" + ")
                        : "—"}
                    </dd>
                  </div>
                </dl>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={`Move up: ${label}`}
                >
                  Move up
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={index === current.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={`Move down: ${label}`}
                >
                  Move down
                </Button>
                <Form method="post">
                  <input type="hidden" name="intent" value="block-action" />
                  <input type="hidden" name="blockId" value={id} />
                  <input type="hidden" name="action" value={block.hidden ? "show" : "hide"} />
                  <Button
                    type="submit"
                    size="sm"
                    variant="outline"
                    aria-label={`${block.hidden ? "Show" : "Hide"} ${label}`}
                  >
                    {block.hidden ? "Show" : "Hide"}
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="block-action" />
                  <input type="hidden" name="blockId" value={id} />
                  <input type="hidden" name="action" value="delete" />
                  <Button type="submit" size="sm" variant="destructive" aria-label={`Delete ${label}`}>
                    Delete
                  </Button>
                </Form>
              </div>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-medium">{`Edit ${label}`}</summary>
                <div className="mt-3">
                  <BlockForm block={block} products={products} timeZone={timeZone} errors={errorsOf(id)} />
                </div>
              </details>
            </li>
          );
        })}
      </ol>
    </>
  );
}
