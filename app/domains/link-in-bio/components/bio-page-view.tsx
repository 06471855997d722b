import { CoverImage } from "~/domains/catalog/components/cover-image";
import { priceLabel } from "~/domains/catalog/product-price";
import { coverPath } from "~/domains/catalog/paths";
import {
  BIO_PLATFORMS,
  type BioPlatform,
  bioClickPath,
  bioPath,
  platformProfileUrl,
} from "~/domains/link-in-bio/bio-content";
import type { PublicBioBlock, PublicBioPage } from "~/domains/link-in-bio/bio-page";
import { SIGNUP_CONSENT_TEXT } from "~/domains/link-in-bio/schemas/bio-forms";
import { PlatformIcon } from "./platform-icon";

/**
 * A Link in Bio page: avatar, name, bio, platform icons and blocks in order. Plain links and a plain form, so it works
 * with no script; in the editor's `preview` the block links go nowhere. `carry` is the visit's attribution query.
 */
export function BioPageView({
  page,
  preview = false,
  carry = "",
}: {
  page: PublicBioPage;
  preview?: boolean;
  carry?: string;
}) {
  const { store, profile, blocks } = page;
  const name = profile.title || store.name;
  const bio = profile.bio || store.description;
  const socials = BIO_PLATFORMS.flatMap(({ value, label }) => {
    const handle = profile.socials[value];
    const url = handle ? platformProfileUrl(value, handle) : null;
    return url ? [{ platform: value as BioPlatform, label, url }] : [];
  });
  // In the editor's preview the page sits inside the workspace's main landmark, one heading level down.
  const Main = preview ? "div" : "main";
  const Name = preview ? "h3" : "h1";
  const firstCover = blocks.findIndex((block) => block.product && block.product.covers.length > 0);
  return (
    <div
      className="bio-page flex min-h-full justify-center px-4 py-10"
      data-theme={profile.theme}
      data-buttons={profile.buttonStyle}
    >
      <Main className="grid w-full max-w-[36rem] content-start gap-6">
        <header className="grid justify-items-center gap-3 text-center">
          {store.avatarUrl ? (
            <img src={store.avatarUrl} alt="" width={96} height={96} className="h-24 w-24 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="grid h-24 w-24 place-items-center rounded-full text-4xl font-bold"
              style={{ background: "var(--bio-button)", color: "var(--bio-button-fg)" }}
            >
              {name.trim().charAt(0).toUpperCase() || "S"}
            </span>
          )}
          <Name className="text-2xl font-bold">{name}</Name>
          {bio ? <p className="bio-muted whitespace-pre-line">{bio}</p> : null}
          {socials.length > 0 ? (
            <ul className="flex flex-wrap justify-center gap-2">
              {socials.map((social) => (
                <li key={social.platform}>
                  <a
                    href={social.url}
                    rel="me noopener"
                    aria-label={social.label}
                    className="grid h-12 w-12 place-items-center rounded-full"
                  >
                    <PlatformIcon platform={social.platform} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </header>
        <ul className="grid gap-4">
          {blocks.map((block, index) => (
            <li key={block.id} id={`b-${block.id}`}>
              <Block
                block={block}
                handle={store.handle}
                preview={preview}
                carry={carry}
                priority={index === firstCover}
              />
            </li>
          ))}
        </ul>
        <footer className="bio-muted pt-4 text-center text-sm">
          <a href="/" className="underline underline-offset-4">
            Made with Sellkit
          </a>
        </footer>
      </Main>
    </div>
  );
}

function Block({
  block,
  handle,
  preview,
  carry,
  priority,
}: {
  block: PublicBioBlock;
  handle: string;
  preview: boolean;
  carry: string;
  priority: boolean;
}) {
  // The preview's links stay on the editor, so the seller's own clicks are never counted.
  const href = preview ? `#b-${block.id}` : `${bioClickPath(handle, block.id)}${carry ? `?${carry}` : ""}`;
  const Heading = preview ? "h4" : "h2";
  if (block.kind === "heading") return <Heading className="pt-2 text-center text-xl font-bold">{block.title}</Heading>;
  if (block.kind === "text") return <p className="whitespace-pre-line text-center">{block.body}</p>;
  if (block.kind === "link")
    return (
      <a href={href} className="bio-button">
        {block.thumbnail ? (
          <img
            src={coverPath(block.thumbnail.id)}
            alt=""
            width={40}
            height={40}
            className="h-10 w-10 rounded object-cover"
          />
        ) : null}
        <span>{block.title}</span>
      </a>
    );
  if (block.kind === "product" && block.product) {
    const product = block.product;
    const price = priceLabel(product);
    return (
      <article className="bio-card grid grid-cols-[6rem_1fr] items-center gap-4 overflow-hidden p-3">
        <div className="h-24 w-24 overflow-hidden rounded-lg">
          <CoverImage
            covers={product.covers}
            name={product.name}
            sizes="96px"
            className="h-full w-full object-cover"
            priority={priority}
          />
        </div>
        <div className="grid gap-2">
          <Heading className="font-semibold leading-snug">{product.name}</Heading>
          <p className="font-semibold">{price.main}</p>
          <a href={href} className="bio-button" aria-label={`Buy ${product.name}`}>
            Buy
          </a>
        </div>
      </article>
    );
  }
  if (block.kind === "signup")
    return (
      <form
        method="post"
        action={preview ? undefined : `${bioPath(handle)}/subscribe`}
        className="bio-card grid gap-3 p-4"
        aria-labelledby={`signup-${block.id}`}
      >
        <Heading id={`signup-${block.id}`} className="font-semibold">
          {block.title || "Get my news by email"}
        </Heading>
        {block.body ? <p className="bio-muted text-sm">{block.body}</p> : null}
        <label className="grid gap-1 text-sm font-medium">
          Email
          <input type="email" name="email" required autoComplete="email" className="bio-input" />
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="consent" required className="mt-1 h-5 w-5" />
          <span>{SIGNUP_CONSENT_TEXT}</span>
        </label>
        <button type="submit" className="bio-button" disabled={preview}>
          Subscribe
        </button>
      </form>
    );
  return null;
}
