import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POS_JS_BUDGET, POS_ROUTES, routeScripts } from "../../../bench/support/route-scripts.mjs";

// The point of sale's script, read from the build. The page loads what a first cash sale needs; each other part comes
// in a chunk of its own when it is shown, found by a text only that part has.

const ASSETS = "build/client/assets";
const ON_DEMAND: [part: string, text: string][] = [
  ["the camera scanner", "Point the camera at a barcode."],
  ["the card-reader settings", "Connect a card reader"],
  ["returns", "Receipt number or buyer's email"],
  ["card and pay-on-phone payments", "Card on the test reader"],
  ["the store code field", "Offline: a code cannot be checked, so this sale is made without one."],
  ["split payments", "Part paid by"],
  ["the phone's event picker", "No event is on now. Where are you selling?"],
  ["the cash drawer and closing the shift", "Record cash"],
  ["the finished sale's receipt", "Print receipt"],
];

const chunks = readdirSync(ASSETS)
  .filter((name) => name.endsWith(".js"))
  .map((name) => ({ asset: `/assets/${name}`, text: readFileSync(path.join(ASSETS, name), "utf8") }));

describe.each(POS_ROUTES)("the point of sale's script at $url", ({ id }) => {
  const { modules, js } = routeScripts(id);

  it("stays within its gzip budget", () => {
    expect(js).toBeLessThanOrEqual(POS_JS_BUDGET);
  });

  it.each(ON_DEMAND)("leaves %s to a chunk loaded on demand", (_part, text) => {
    const homes = chunks.filter((chunk) => chunk.text.includes(text)).map((chunk) => chunk.asset);
    expect(homes).toHaveLength(1);
    expect(modules).not.toContain(homes[0]);
  });
});
