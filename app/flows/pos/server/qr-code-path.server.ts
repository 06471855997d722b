import QRCode from "qrcode";

/**
 * A QR code of `text` as one SVG path (a unit square per dark module), so the page draws it without a browser library.
 */
export function qrCodePath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  let path = "";
  for (let y = 0; y < modules.size; y += 1)
    for (let x = 0; x < modules.size; x += 1) if (modules.get(x, y)) path += `M${x} ${y}h1v1h-1z`;
  return { size: modules.size, path };
}
