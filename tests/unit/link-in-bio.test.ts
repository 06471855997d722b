import { describe, expect, it } from "vitest";
import { attributionOf, sourceLabel } from "~/domains/analytics/content/attribution";
import { viewedPage, viewedPageKey } from "~/domains/analytics/content/view-rules";
import { blockAttribution, isBlockLive, platformProfileUrl } from "~/domains/link-in-bio/bio-content";
import { moveItem } from "~/domains/link-in-bio/components/block-list";
import {
  BIO_MESSAGES,
  bioBlockSchema,
  bioOrderSchema,
  bioProfileSchema,
} from "~/domains/link-in-bio/schemas/bio-forms";

const issues = (input: Record<string, unknown>) => {
  const result = bioBlockSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe("bio block form", () => {
  it("refuses javascript:, data: and malformed links with the field's message", () => {
    for (const url of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox(1)",
      "https://",
      "//evil.example",
      "not a url",
      "https://user:pass@example.org/",
    ])
      expect(issues({ kind: "link", title: "Go", url })).toEqual({ url: BIO_MESSAGES.url });
    expect(issues({ kind: "link", title: "Go", url: "https://example.org/a?b=c" })).toEqual({});
  });

  it("asks each kind for its own fields and a window that ends after it starts", () => {
    expect(issues({ kind: "product", productId: "nope" })).toEqual({ productId: BIO_MESSAGES.product });
    expect(issues({ kind: "heading" })).toEqual({ title: BIO_MESSAGES.heading });
    expect(issues({ kind: "text" })).toEqual({ body: BIO_MESSAGES.body });
    expect(issues({ kind: "signup" })).toEqual({});
    expect(issues({ kind: "signup", showFrom: "2026-12-02T10:00", showUntil: "2026-12-01T10:00" })).toEqual({
      showUntil: BIO_MESSAGES.untilBeforeFrom,
    });
    expect(issues({ kind: "signup", showFrom: "tomorrow" })).toEqual({ showFrom: BIO_MESSAGES.when });
  });

  it("takes platform handles, not addresses or scripts", () => {
    expect(bioProfileSchema.safeParse({ instagram: "@ada.maps", tiktok: "ada_maps" }).success).toBe(true);
    const bad = bioProfileSchema.safeParse({ instagram: "javascript:alert(1)" });
    expect(bad.success ? [] : bad.error.issues.map((issue) => issue.message)).toEqual([BIO_MESSAGES.handle]);
    expect(bioProfileSchema.safeParse({ theme: "neon" }).success).toBe(false);
  });

  it("reads an order of distinct block ids only", () => {
    const a = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    const b = "0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8";
    expect(bioOrderSchema.parse({ order: `${b},${a}` }).order).toEqual([b, a]);
    expect(bioOrderSchema.safeParse({ order: `${a},${a}` }).success).toBe(false);
    expect(bioOrderSchema.safeParse({ order: `${a},1 or 1=1` }).success).toBe(false);
  });
});

describe("bio page rules", () => {
  const now = new Date("2026-12-01T12:00:00Z");
  it("shows a block only when not hidden and inside its window", () => {
    const block = { hidden: false, showFrom: null, showUntil: null };
    expect(isBlockLive(block, now)).toBe(true);
    expect(isBlockLive({ ...block, hidden: true }, now)).toBe(false);
    expect(isBlockLive({ ...block, showFrom: "2026-12-01T12:00:01Z" }, now)).toBe(false);
    expect(isBlockLive({ ...block, showFrom: "2026-12-01T12:00:00Z" }, now)).toBe(true);
    expect(isBlockLive({ ...block, showUntil: "2026-12-01T12:00:00Z" }, now)).toBe(false);
    expect(isBlockLive({ ...block, showUntil: "2026-12-01T12:00:01Z" }, now)).toBe(true);
  });

  it("links a handle to the platform's profile and nothing else", () => {
    expect(platformProfileUrl("instagram", "@ada.maps")).toBe("https://www.instagram.com/ada.maps");
    expect(platformProfileUrl("tiktok", "ada")).toBe("https://www.tiktok.com/@ada");
    expect(platformProfileUrl("youtube", "@ada")).toBe("https://www.youtube.com/@ada");
    expect(platformProfileUrl("twitter", "https://evil.example/x")).toBeNull();
  });

  it("moves a block up or down, and not past either end", () => {
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    const same = ["a", "b"];
    expect(moveItem(same, 0, -1)).toBe(same);
    expect(moveItem(same, 1, 2)).toBe(same);
  });

  it("counts the bio page as a page of its own, named Link in bio among sources", () => {
    expect(viewedPage("/s/ada/links")).toEqual({ kind: "bio", handle: "ada" });
    expect(viewedPageKey({ kind: "bio", handle: "ada" })).not.toBe(
      viewedPageKey({ kind: "storefront", handle: "ada" }),
    );
    expect(viewedPage("/s/ada/links/go/x")).toBeNull();
    expect(sourceLabel("bio")).toBe("Link in bio");
    expect(sourceLabel("direct")).toBe("Direct or unknown");
  });
});

describe("a block click's attribution", () => {
  const block = "0b9f3c1e-2d4a-4f6b-8c7d-9e0f1a2b3c4d";

  it("keeps a post's link that led to the page, as first touch wins", () => {
    const incoming = attributionOf(
      "?src=tiktok&via=post:abcd1234&utm_source=tiktok&utm_medium=social&utm_campaign=abcd1234",
      undefined,
      "sellkit.test",
    );
    expect(blockAttribution(incoming, block)).toEqual(incoming);
  });

  it("names the block when the visit carried no tracked link", () => {
    const bio = { source: "bio", utmSource: "", utmMedium: "", utmCampaign: "", ref: `bio:${block}` };
    expect(blockAttribution(attributionOf("", "https://instagram.com/", "sellkit.test"), block)).toEqual(bio);
    expect(blockAttribution(attributionOf("?src=newsletter&via=post:<b>", undefined, "sellkit.test"), block)).toEqual(
      bio,
    );
  });
});
