import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/** The inline loader that restores the parked scripts one frame after the first paint. */
export const HYDRATION_LOADER =
  '(function(){function go(){document.querySelectorAll(\'link[rel="sellkit-modulepreload"]\').forEach(function(l){l.rel="modulepreload"});' +
  'document.querySelectorAll(\'script[type="text/sellkit-module"]\').forEach(function(s){var n=document.createElement("script");n.type="module";n.async=true;' +
  "if(s.nonce)n.nonce=s.nonce;n.textContent=s.textContent;s.replaceWith(n)})}requestAnimationFrame(function(){setTimeout(go,0)})})()";

/** Parks the document's module scripts and preloads until after the first paint. */
export function deferHydration(nonce: string): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let parked = false;
  // A page that ships no script gets no loader.
  const rewrite = (html: string) => {
    const out = html
      .replaceAll('<link rel="modulepreload"', '<link rel="sellkit-modulepreload"')
      .replaceAll('<script type="module"', '<script type="text/sellkit-module"');
    if (out !== html) parked = true;
    return parked
      ? out.replace("</body>", `<script${nonce ? ` nonce="${nonce}"` : ""}>${HYDRATION_LOADER}</script></body>`)
      : out;
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
