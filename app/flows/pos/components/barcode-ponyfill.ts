import { BarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

// Loaded on demand: zxing's reader and the URL of its WebAssembly, served from this app's own hashed assets (no CDN).

prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
});

/** The ponyfill's detector, its WebAssembly located in this app's assets. */
export { BarcodeDetector };
