// A creator's store with one published product (Markdown description, a real WebP cover in the app's two
// widths, three files), written to the bench database before the server starts: the sales page and the
// storefront that bench/sales-page.mjs and bench/lighthouse.mjs measure, signed out.
import sharp from "sharp";
import { seedUsers, startAppProcess } from "./common.mjs";

export const STORE_HANDLE = "bench-atelier";
export const PRODUCT_SLUG = "planner-kit";
export const STORE_PATH = `/s/${STORE_HANDLE}`;
export const SALES_PAGE_PATH = `/s/${STORE_HANDLE}/${PRODUCT_SLUG}`;
export const BIO_PAGE_PATH = `/s/${STORE_HANDLE}/links`;

const DESCRIPTION = [
  "## What you get",
  "",
  "- A 120-page printable planner, A4 and US Letter",
  "- **Two** colour schemes and a *minimal* black-and-white version",
  "- Monthly, weekly and daily spreads, habit trackers and notes",
  "",
  "Every page is vector, so it prints sharp at any size. See [the preview](https://example.com/preview).",
  "",
  "> The best planner I have used in years.",
].join("\n");

/** A cover as the app stores one (process-cover.server.ts: WebP, 1280 and 640 wide, 4:3 here). */
async function coverRenditions() {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="1600" height="1200" fill="url(#g)"/><rect x="300" y="200" width="1000" height="800" rx="40" fill="#fff" opacity=".9"/></svg>`,
  );
  const renditions = [];
  for (const width of [1280, 640]) {
    const { data, info } = await sharp(svg)
      .resize({ width })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    renditions.push({ width: info.width, height: info.height, bytes: data });
  }
  return renditions;
}

export async function seedStore(dataDir, { prefix = "store" } = {}) {
  const [creator] = await seedUsers({ DATA_DIR: dataDir }, { count: 1, prefix, sessions: 0 });
  const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
  try {
    await app.request("sql", {
      text: "insert into storefronts (user_id, handle) values ($1, $2)",
      params: [creator.id, STORE_HANDLE],
    });
    await app.request("sql", {
      text: "insert into sales_methods (user_id, method, settings) values ($1, 'online_store', $2)",
      params: [
        creator.id,
        JSON.stringify({
          storeName: "Bench Atelier",
          storeDescription: "Printable planners",
          category: "digital",
          currency: "EUR",
          theme: "modern",
        }),
      ],
    });
    const [product] = await app.request("sql", {
      text: `insert into products (user_id, name, slug, type, summary, description, pricing, price_cents, currency, status, published_at)
             values ($1, 'Planner Kit 2027', $2, 'template', 'A printable planner for the whole year.', $3, 'fixed', 1250, 'EUR', 'published', now()) returning id`,
      params: [creator.id, PRODUCT_SLUG, DESCRIPTION],
    });
    for (const cover of await coverRenditions()) {
      await app.request("sql", {
        // Hex through the app process's message channel (JSON would turn a Buffer into an object).
        text: "insert into product_covers (product_id, width, height, content_type, bytes) values ($1, $2, $3, 'image/webp', decode($4, 'hex'))",
        params: [product.id, cover.width, cover.height, cover.bytes.toString("hex")],
      });
    }
    // The store's Link in Bio page: a heading, links, the product, a text and an email sign-up.
    await app.request("sql", {
      text: `insert into bio_pages (user_id, title, bio, theme, button_style, socials)
             values ($1, 'Bench Atelier', 'Printable planners for busy people.', 'ocean', 'pill', $2)`,
      params: [
        creator.id,
        JSON.stringify({ instagram: "benchatelier", tiktok: "benchatelier", youtube: "benchatelier" }),
      ],
    });
    for (const [position, [kind, title, url, body]] of [
      ["heading", "Start here", "", ""],
      ["link", "Free weekly planner page", "https://example.com/free", ""],
      ["link", "How I plan a year", "https://example.com/blog", ""],
      ["product", "", "", ""],
      ["text", "", "", "New planners every season."],
      ["signup", "Planner news", "", "One email a month."],
    ].entries()) {
      await app.request("sql", {
        text: `insert into bio_blocks (user_id, kind, position, title, url, body, product_id) values ($1, $2, $3, $4, $5, $6, $7)`,
        params: [creator.id, kind, position, title, url, body, kind === "product" ? product.id : null],
      });
    }
    for (const [index, [name, type, size]] of [
      ["planner-a4.pdf", "application/pdf", 12_400_000],
      ["planner-letter.pdf", "application/pdf", 12_100_000],
      ["extras.zip", "application/zip", 48_000_000],
    ].entries()) {
      await app.request("sql", {
        text: `insert into product_files (product_id, user_id, upload_id, name, content_type, size, position, completed_at, sha256)
               values ($1, $2, $3, $4, $5, $6, $7, now(), repeat('0', 64))`,
        params: [product.id, creator.id, `bench-${index}`, name, type, size, index],
      });
    }
  } finally {
    await app.close();
  }
}
