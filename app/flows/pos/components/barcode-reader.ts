// The camera's barcode reader: the browser's own BarcodeDetector where it reads the formats on goods, else the
// zxing-wasm ponyfill, loaded only when a seller first opens the camera.

/** The formats printed on retail goods: EAN-13 (and UPC-A inside it) and Code 128 shelf labels. */
export const CAMERA_FORMATS = ["ean_13", "upc_a", "code_128"] as const;

/** What the page needs of a detector: the codes seen in one video frame. */
export type BarcodeReader = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };

type NativeDetector = {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats: () => Promise<string[]>;
};

/**
 * A reader of the retail formats: native when the browser has every one of them, the self-hosted ponyfill otherwise.
 */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (CAMERA_FORMATS.every((format) => supported.includes(format)))
      return new native({ formats: [...CAMERA_FORMATS] });
  }
  const { BarcodeDetector } = await import("./barcode-ponyfill");
  return new BarcodeDetector({ formats: [...CAMERA_FORMATS] });
}
