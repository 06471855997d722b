import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { SERVER_BUNDLE } from "../../scripts/server-bundle.mjs";

// The Node server takes the app from React Router's server build: a second copy of a module in its own bundle
// would split a class or an AsyncLocalStorage in two at run time.
describe("the server bundle", () => {
  it("holds no module of app/ in build/runtime/main.js", async () => {
    const result = await build({
      ...SERVER_BUNDLE,
      entryPoints: { main: "server/main.ts" },
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile?.outputs["build/runtime/main.js"]?.inputs ?? {});
    expect(inputs).toContain("server/main.ts");
    expect(inputs.filter((input) => input.startsWith("app/"))).toEqual([]);
  });
});
