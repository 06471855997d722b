import QRCode from "qrcode";

/** The page's QR code as an SVG document or a 1024-pixel PNG, for print and stickers. */
export async function bioQrCode(url: string, format: "svg" | "png"): Promise<Buffer> {
  const options = { errorCorrectionLevel: "M" as const, margin: 2 };
  if (format === "svg") return Buffer.from(await QRCode.toString(url, { ...options, type: "svg" }));
  return QRCode.toBuffer(url, { ...options, type: "png", width: 1024 });
}
