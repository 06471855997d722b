import { Form } from "react-router";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { BIO_BLOCK_KINDS, type BioBlockKind } from "~/domains/link-in-bio/bio-content";
import type { EditorBioBlock, EditorProduct } from "~/domains/link-in-bio/bio-editor";
import { BLOCK_BODY_MAX, BLOCK_TITLE_MAX } from "~/domains/link-in-bio/schemas/bio-forms";
import { utcToZonedLocal } from "~/lib/zoned-time";

/** Field errors of a submitted form, by field name. */
export type FieldErrors = Record<string, string[] | undefined>;

/** The form of one block, new (`block` null) or existing: its fields follow the chosen kind. */
export function BlockForm({
  block,
  products,
  timeZone,
  errors,
}: {
  block: EditorBioBlock | null;
  products: EditorProduct[];
  timeZone: string;
  errors: FieldErrors;
}) {
  const [kind, setKind] = useState<BioBlockKind>(block?.kind ?? "link");
  const id = (name: string) => `block-${block?.id ?? "new"}-${name}`;
  const covers = products.filter((product) => product.coverId);
  return (
    <Form method="post" className="grid gap-3" aria-label={block ? "Edit block" : "Add a block"}>
      <input type="hidden" name="intent" value="block" />
      {block ? <input type="hidden" name="blockId" value={block.id} /> : null}
      {block ? (
        <input type="hidden" name="kind" value={kind} />
      ) : (
        <FormField id={id("kind")} label="Block type" errors={errors.kind}>
          {(control) => (
            <Select
              {...control}
              name="kind"
              value={kind}
              onChange={(event) => setKind(event.currentTarget.value as BioBlockKind)}
              options={BIO_BLOCK_KINDS}
            />
          )}
        </FormField>
      )}
      {kind === "link" || kind === "heading" || kind === "signup" ? (
        <FormField
          id={id("title")}
          label={kind === "link" ? "Button text" : kind === "heading" ? "Heading" : "Sign-up title"}
          errors={errors.title}
        >
          {(control) => (
            <Input {...control} name="title" defaultValue={block?.title ?? ""} maxLength={BLOCK_TITLE_MAX} />
          )}
        </FormField>
      ) : null}
      {kind === "link" ? (
        <>
          <FormField id={id("url")} label="Web address" errors={errors.url} hint="Starts with https:// or http://">
            {(control) => <Input {...control} name="url" type="url" inputMode="url" defaultValue={block?.url ?? ""} />}
          </FormField>
          <FormField id={id("thumbnail")} label="Thumbnail (optional)" errors={errors.thumbnailCoverId}>
            {(control) => (
              <Select
                {...control}
                name="thumbnailCoverId"
                defaultValue={block?.thumbnailCoverId ?? ""}
                options={covers.map((product) => ({ value: product.coverId!, label: `Cover of ${product.name}` }))}
              >
                <option value="">No thumbnail</option>
              </Select>
            )}
          </FormField>
        </>
      ) : null}
      {kind === "product" ? (
        <FormField id={id("product")} label="Product" errors={errors.productId}>
          {(control) => (
            <Select
              {...control}
              name="productId"
              defaultValue={block?.productId ?? ""}
              options={products.map((product) => ({
                value: product.id,
                label: product.published ? product.name : `${product.name} (draft: not shown)`,
              }))}
            >
              <option value="">Choose a product</option>
            </Select>
          )}
        </FormField>
      ) : null}
      {kind === "text" || kind === "signup" ? (
        <FormField
          id={id("body")}
          label={kind === "text" ? "Text" : "Note under the title (optional)"}
          errors={errors.body}
        >
          {(control) => (
            <Textarea {...control} name="body" defaultValue={block?.body ?? ""} maxLength={BLOCK_BODY_MAX} rows={3} />
          )}
        </FormField>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={id("from")} label="Show from (optional)" errors={errors.showFrom}>
          {(control) => (
            <Input
              {...control}
              name="showFrom"
              type="datetime-local"
              defaultValue={block?.showFrom ? utcToZonedLocal(new Date(block.showFrom), timeZone) : ""}
            />
          )}
        </FormField>
        <FormField id={id("until")} label="Show until (optional)" errors={errors.showUntil}>
          {(control) => (
            <Input
              {...control}
              name="showUntil"
              type="datetime-local"
              defaultValue={block?.showUntil ? utcToZonedLocal(new Date(block.showUntil), timeZone) : ""}
            />
          )}
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="hidden" defaultChecked={block?.hidden ?? false} className="h-4 w-4" />
        Hidden from the page
      </label>
      <Button type="submit" className="w-fit">
        {block ? "Save block" : "Add block"}
      </Button>
    </Form>
  );
}
