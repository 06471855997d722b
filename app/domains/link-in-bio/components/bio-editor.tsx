import { type FormEvent, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import type { StoreProfile } from "~/domains/catalog/store-profile";
import {
  BIO_BUTTON_STYLES,
  BIO_PLATFORMS,
  BIO_THEMES,
  type BioButtonStyle,
  type BioTheme,
  isBlockLive,
} from "~/domains/link-in-bio/bio-content";
import type { BioEditorData } from "~/domains/link-in-bio/bio-editor";
import type { BioProfile, PublicBioBlock } from "~/domains/link-in-bio/bio-page";
import { BIO_TEXT_MAX, BIO_TITLE_MAX } from "~/domains/link-in-bio/schemas/bio-forms";
import { BioPageView } from "./bio-page-view";
import { BlockForm, type FieldErrors } from "./block-form";
import { BlockList } from "./block-list";

const EMPTY_PROFILE: BioProfile = { title: "", bio: "", theme: "light", buttonStyle: "rounded", socials: {} };

/** The profile form's current values, for the preview as the seller types. */
function profileOf(form: HTMLFormElement): BioProfile {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  return {
    title: text("title").trim(),
    bio: text("bio").trim(),
    theme: text("theme") as BioTheme,
    buttonStyle: text("buttonStyle") as BioButtonStyle,
    socials: Object.fromEntries(BIO_PLATFORMS.map(({ value }) => [value, text(value).trim().replace(/^@/, "")])),
  };
}

/** The editor's blocks as the public page would show them now. */
function liveBlocks(data: BioEditorData, now: Date): PublicBioBlock[] {
  return data.blocks
    .filter((block) => isBlockLive(block, now))
    .flatMap((block) => {
      const product = block.productId ? data.products.find((item) => item.id === block.productId) : undefined;
      if (block.kind === "product" && !product?.published) return [];
      return [
        {
          id: block.id,
          kind: block.kind,
          title: block.title,
          url: block.url,
          body: block.body,
          thumbnail: block.thumbnailCoverId ? { id: block.thumbnailCoverId, width: 40, height: 40 } : null,
          product: product ?? null,
        },
      ];
    });
}

/**
 * The Link in Bio editor: profile and look with a live phone-width preview, and the blocks with their figures.
 * `errors` are the last refused form's field errors, by form name.
 */
export function BioEditor({
  data,
  store,
  timeZone,
  formName,
  errors,
}: {
  data: BioEditorData;
  store: StoreProfile;
  timeZone: string;
  formName: string | null;
  errors: FieldErrors;
}) {
  const saved = data.profile ?? EMPTY_PROFILE;
  const [draft, setDraft] = useState<BioProfile>(saved);
  const [now] = useState(() => new Date());
  const profileErrors = formName === "profile" ? errors : {};
  const onChange = (event: FormEvent<HTMLFormElement>) => setDraft(profileOf(event.currentTarget));
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_410px]">
      <div className="grid content-start gap-8">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Profile and look</CardTitle>
          </CardHeader>
          <CardContent>
            <Form method="post" className="grid gap-4" onChange={onChange} aria-label="Profile and look">
              <input type="hidden" name="intent" value="profile" />
              <FormField
                id="bio-title"
                label="Name on the page"
                errors={profileErrors.title}
                hint={`Empty: ${store.name}`}
              >
                {(control) => <Input {...control} name="title" defaultValue={saved.title} maxLength={BIO_TITLE_MAX} />}
              </FormField>
              <FormField id="bio-bio" label="Short bio" errors={profileErrors.bio}>
                {(control) => (
                  <Textarea {...control} name="bio" defaultValue={saved.bio} maxLength={BIO_TEXT_MAX} rows={3} />
                )}
              </FormField>
              <p className="text-sm text-muted-foreground">
                The picture is your profile picture: change it in{" "}
                <a href="/settings" className="underline">
                  Settings
                </a>
                .
              </p>
              <fieldset className="grid gap-2">
                <legend className="text-sm font-medium">Theme</legend>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {BIO_THEMES.map((theme) => (
                    <label key={theme.value} className="flex items-center gap-2 rounded-md border p-2 text-sm">
                      <input
                        type="radio"
                        name="theme"
                        value={theme.value}
                        defaultChecked={saved.theme === theme.value}
                      />
                      {theme.label}
                    </label>
                  ))}
                </div>
              </fieldset>
              <fieldset className="grid gap-2">
                <legend className="text-sm font-medium">Button style</legend>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {BIO_BUTTON_STYLES.map((style) => (
                    <label key={style.value} className="flex items-center gap-2 rounded-md border p-2 text-sm">
                      <input
                        type="radio"
                        name="buttonStyle"
                        value={style.value}
                        defaultChecked={saved.buttonStyle === style.value}
                      />
                      {style.label}
                    </label>
                  ))}
                </div>
              </fieldset>
              <fieldset className="grid gap-3 sm:grid-cols-2">
                <legend className="mb-2 text-sm font-medium">Your profiles (handle, like @yourname)</legend>
                {BIO_PLATFORMS.map((platform) => (
                  <FormField
                    key={platform.value}
                    id={`bio-${platform.value}`}
                    label={platform.label}
                    errors={profileErrors[platform.value]}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        name={platform.value}
                        defaultValue={saved.socials[platform.value] ?? ""}
                        autoComplete="off"
                      />
                    )}
                  </FormField>
                ))}
              </fieldset>
              <Button type="submit" className="w-fit">
                Save page
              </Button>
            </Form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Blocks</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <BlockList
              blocks={data.blocks}
              products={data.products}
              timeZone={timeZone}
              now={now}
              errorsOf={(id) => (formName === `block-${id}` ? errors : {})}
            />
            <details open={formName === "block-new" || data.blocks.length === 0} className="rounded-lg border p-3">
              <summary className="cursor-pointer font-medium">Add a block</summary>
              <div className="mt-3">
                <BlockForm
                  block={null}
                  products={data.products}
                  timeZone={timeZone}
                  errors={formName === "block-new" ? errors : {}}
                />
              </div>
            </details>
            <p className="text-sm text-muted-foreground">{`Times are in your time zone, ${timeZone}.`}</p>
          </CardContent>
        </Card>
      </div>
      <section aria-labelledby="preview-heading" className="grid content-start gap-2 lg:sticky lg:top-4">
        <h2 id="preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <div
          className="h-[720px] w-[390px] max-w-full overflow-y-auto rounded-[2rem] border-8 border-foreground/80"
          data-testid="bio-preview"
        >
          <BioPageView page={{ store, profile: draft, blocks: liveBlocks(data, now) }} preview />
        </div>
      </section>
    </div>
  );
}
