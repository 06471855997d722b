import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/**
 * Starts loading the hydration scripts after the first paint instead of with the document.
 *
 * React Router's `<Scripts>` emits `modulepreload` links and inline module scripts that the browser fetches
 * at once, competing with the first paint (Lighthouse's simulated mobile FCP counts them). The document is
 * streamed through this transform, which parks them (`rel="sellkit-modulepreload"`,
 * `type="text/sellkit-module"`) and adds a tiny loader that restores them one frame after the first paint.
 * The restored module scripts carry the same text (so the page's CSP hashes still match) and nonce.
 */
export const HYDRATION_LOADER =
  '(function(){function go(){document.querySelectorAll(\'link[rel="sellkit-modulepreload"]\').forEach(function(l){l.rel="modulepreload"});' +
  'document.querySelectorAll(\'script[type="text/sellkit-module"]\').forEach(function(s){var n=document.createElement("script");n.type="module";n.async=true;' +
  "if(s.nonce)n.nonce=s.nonce;n.textContent=s.textContent;s.replaceWith(n)})}requestAnimationFrame(function(){setTimeout(go,0)})})()";

export function deferHydration(nonce: string): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let parked = false;
  // Pages that ship no script (handle.hydrate === false) are left exactly as rendered.
  const rewrite = (html: string) => {
    const out = html
      .replaceAll('<link rel="modulepreload"', '<link rel="sellkit-modulepreload"')
      .replaceAll('<script type="module"', '<script type="text/sellkit-module"');
    if (out !== html) parked = true;
    return parked ? out.replace("</body>", `<script${nonce ? ` nonce="${nonce}"` : ""}>${HYDRATION_LOADER}</script></body>`) : out;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending += decoder.write(chunk);
      // Hold back from the last "<": a tag split across chunks is rewritten once it is whole.
      const lastTag = pending.lastIndexOf("<");
      const cut = lastTag === -1 ? pending.length : lastTag;
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      callback(null, rewrite(ready));
    },
    flush(callback) {
      callback(null, rewrite(pending + decoder.end()));
    },
  });
}
