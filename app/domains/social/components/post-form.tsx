import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { CONTENT_TYPES } from "~/domains/sales-methods/content/sales-options";
import { useSchemaForm } from "~/lib/use-schema-form";
import { utcToZonedLocal } from "~/lib/zoned-time";
import { countPostText, isPlatform, PLATFORM_RULES, type Platform, POST_STATUS_LABELS } from "../post-rules";
import { postFormSchema } from "../schemas/post-form";
import type { SocialContext, SocialPost } from "../social-post";
import { LINK_TARGETS } from "../tracking-link";

const textareaClass =
  "min-h-32 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring";
const selectClass = "h-9 w-full rounded-md border border-input bg-background px-3 text-sm";

/** The post form: network, content type, text counted as the network counts it, products, link target, status, time. */
export function PostForm({
  post,
  context,
  day,
  lastResult,
}: {
  post: SocialPost | null;
  context: SocialContext;
  /** A new post's day (YYYY-MM-DD), when planned from the calendar. */
  day?: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const platforms = context.platforms.length ? context.platforms : [];
  const [form, fields] = useSchemaForm(`post-${post?.id ?? "new"}`, postFormSchema, lastResult, {
    platform: post?.platform ?? platforms[0] ?? "",
    contentType: post?.contentType ?? context.contentTypes[0] ?? "",
    text: post?.text ?? "",
    productIds: post?.productIds ?? [],
    linkTarget: post?.linkTarget ?? "product",
    status: post && post.status !== "posted" ? post.status : post ? "scheduled" : "draft",
    scheduledAt: post?.scheduledAt
      ? utcToZonedLocal(new Date(post.scheduledAt), context.timeZone)
      : day
        ? `${day}T09:00`
        : "",
  });
  const [platform, setPlatform] = useState<string>(post?.platform ?? platforms[0] ?? "");
  const [text, setText] = useState(post?.text ?? "");
  const rules = isPlatform(platform) ? PLATFORM_RULES[platform] : null;
  const used = rules ? countPostText(platform as Platform, text) : 0;
  const types = [
    ...CONTENT_TYPES.filter((type) => context.contentTypes.includes(type.value)),
    ...CONTENT_TYPES.filter((type) => !context.contentTypes.includes(type.value)),
  ];
  const selected = new Set(fields.productIds.initialValue ?? []);
  return (
    <form method="post" {...getFormProps(form)} className="grid gap-3">
      <FormAlert message={form.errors?.[0]} />
      <input type="hidden" name="intent" value="save-post" />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={fields.platform.id} label="Platform" errors={fields.platform.errors}>
          {(control) => (
            <select
              {...getSelectProps(fields.platform)}
              {...control}
              className={selectClass}
              onChange={(event) => setPlatform(event.currentTarget.value)}
            >
              {platforms.map((value) => (
                <option key={value} value={value}>
                  {PLATFORM_RULES[value].label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={fields.contentType.id} label="Content type" errors={fields.contentType.errors}>
          {(control) => (
            <select {...getSelectProps(fields.contentType)} {...control} className={selectClass}>
              {types.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {rules ? (
        <p className="rounded-md border border-dashed p-3 text-sm" id="media-guidance">
          <span className="font-medium">Media for {rules.label}:</span> {rules.media}
        </p>
      ) : null}
      <FormField
        id={fields.text.id}
        label="Text"
        errors={fields.text.errors}
        hint={
          rules ? (
            <span className={used > rules.limit ? "font-medium text-destructive" : undefined}>
              {used.toLocaleString("en-US")} / {rules.limit.toLocaleString("en-US")} characters
              {rules.counting === "weighted" ? " (links count 23, emoji 2)" : ""}
            </span>
          ) : null
        }
      >
        {(control) => (
          <textarea
            {...getTextareaProps(fields.text)}
            {...control}
            className={textareaClass}
            onInput={(event) => setText(event.currentTarget.value)}
          />
        )}
      </FormField>
      <fieldset className="grid gap-2 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Products it promotes</legend>
        {context.products.length ? (
          context.products.map((product) => (
            <label key={product.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={fields.productIds.name}
                value={product.id}
                defaultChecked={selected.has(product.id)}
                className="size-4"
              />
              {product.name}
              {product.status === "published" ? "" : " (not published)"}
            </label>
          ))
        ) : (
          <p className="text-sm text-muted-foreground">No products yet: the tracking link opens your store.</p>
        )}
        <p className="text-xs text-muted-foreground">
          When the link goes to a promoted product, it opens the first one's sales page.
        </p>
        <p aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
          {fields.productIds.errors?.[0]}
        </p>
      </fieldset>
      <FormField
        id={fields.linkTarget.id}
        label="Link opens"
        errors={fields.linkTarget.errors}
        hint="Without a published product or Link in Bio page, the link opens your store."
      >
        {(control) => (
          <select {...getSelectProps(fields.linkTarget)} {...control} className={selectClass}>
            {LINK_TARGETS.map((target) => (
              <option key={target.value} value={target.value}>
                {target.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={fields.status.id} label="Status" errors={fields.status.errors}>
          {(control) => (
            <select {...getSelectProps(fields.status)} {...control} className={selectClass}>
              {(["idea", "draft", "scheduled"] as const).map((value) => (
                <option key={value} value={value}>
                  {POST_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id={fields.scheduledAt.id}
          label="Post on"
          errors={fields.scheduledAt.errors}
          hint={`In your time zone, ${context.timeZone}. You get a reminder email then.`}
        >
          {(control) => <Input {...getInputProps(fields.scheduledAt, { type: "datetime-local" })} {...control} />}
        </FormField>
      </div>
      <div>
        <Button type="submit">{post ? "Save post" : "Plan post"}</Button>
      </div>
    </form>
  );
}
