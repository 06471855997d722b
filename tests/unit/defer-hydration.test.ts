import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferHydration, HYDRATION_LOADER } from "~/lib/defer-hydration.server";

async function run(chunks: string[], nonce = "") {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(deferHydration(nonce));
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

const PAGE = `<html><body><p>Zürich €</p><link rel="modulepreload" href="/assets/a.js"/><script>window.x=1</script><script type="module" async="">import "/assets/a.js";</script></body></html>`;

describe("deferHydration", () => {
  it("parks module scripts and preloads and adds the loader, whatever the chunking", async () => {
    const whole = await run([PAGE], "abc");
    for (const size of [1, 3, 7, 50]) {
      const bytes = Buffer.from(PAGE);
      const chunks: string[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size).toString("latin1"));
      // feed raw bytes split anywhere, including inside multi-byte characters
      const out: Buffer[] = [];
      const stream = Readable.from(chunks.map((c) => Buffer.from(c, "latin1"))).pipe(deferHydration("abc"));
      for await (const chunk of stream) out.push(chunk as Buffer);
      expect(Buffer.concat(out).toString("utf8")).toBe(whole);
    }
    expect(whole).toContain('<link rel="sellkit-modulepreload" href="/assets/a.js"/>');
    expect(whole).toContain('<script type="text/sellkit-module" async="">import "/assets/a.js";</script>');
    expect(whole).not.toContain('<script type="module"');
    expect(whole).toContain(`<script nonce="abc">${HYDRATION_LOADER}</script></body>`);
    expect(whole).toContain("<p>Zürich €</p>");
    expect(whole).toContain("<script>window.x=1</script>");
  });

  it("leaves pages without scripts exactly as they are", async () => {
    const page = "<html><body><h1>Privacy</h1></body></html>";
    expect(await run([page])).toBe(page);
  });
});
