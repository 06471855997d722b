import { Archive, ArchiveRestore, Copy, EyeOff, Send, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { usePendingFormData } from "~/lib/use-is-pending";

type Action = "duplicate" | "publish" | "unpublish" | "archive" | "unarchive" | "delete";

const LABELS: Record<Action, { label: string; icon: ReactNode }> = {
  duplicate: { label: "Duplicate", icon: <Copy aria-hidden="true" /> },
  publish: { label: "Publish", icon: <Send aria-hidden="true" /> },
  unpublish: { label: "Unpublish", icon: <EyeOff aria-hidden="true" /> },
  archive: { label: "Archive", icon: <Archive aria-hidden="true" /> },
  unarchive: { label: "Unarchive", icon: <ArchiveRestore aria-hidden="true" /> },
  delete: { label: "Delete", icon: <Trash2 aria-hidden="true" /> },
};

/** What can be done to a product in each status. */
export function actionsFor(status: string): Action[] {
  if (status === "published") return ["unpublish", "duplicate", "archive", "delete"];
  if (status === "archived") return ["unarchive", "duplicate", "delete"];
  return ["publish", "duplicate", "archive", "delete"];
}

/**
 * A product's one-click actions as small forms that work without JavaScript; delete confirms first where script runs.
 */
export function ProductActions({
  product,
  exclude = [],
}: {
  product: { id: string; name: string; status: string };
  exclude?: Action[];
}) {
  const sent = usePendingFormData();
  const pending = sent?.get("id") === product.id ? String(sent.get("intent")) : null;
  return (
    <>
      {actionsFor(product.status)
        .filter((action) => !exclude.includes(action))
        .map((action) => (
          <Form
            key={action}
            method="post"
            onSubmit={(event) => {
              if (action === "delete" && !window.confirm(`Delete “${product.name}”? This cannot be undone.`))
                event.preventDefault();
            }}
          >
            <input type="hidden" name="id" value={product.id} />
            <Button
              type="submit"
              name="intent"
              value={action}
              size="sm"
              variant={action === "delete" ? "ghost" : action === "publish" ? "default" : "outline"}
              disabled={pending === action}
            >
              {LABELS[action].icon}
              {LABELS[action].label}
              <span className="sr-only"> {product.name}</span>
            </Button>
          </Form>
        ))}
    </>
  );
}
