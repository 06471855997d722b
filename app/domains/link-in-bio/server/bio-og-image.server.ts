import sharp from "sharp";
import type { PublicBioPage } from "~/domains/link-in-bio/bio-page";

const OG_COLOURS: Record<string, [background: string, text: string, accent: string]> = {
  light: ["#ffffff", "#111827", "#2563eb"],
  dark: ["#111827", "#f9fafb", "#a78bfa"],
  sunset: ["#fff1e6", "#431407", "#ea580c"],
  ocean: ["#ecfeff", "#083344", "#0e7490"],
  forest: ["#f0fdf4", "#052e16", "#15803d"],
  candy: ["#fdf2f8", "#500724", "#db2777"],
};

const escapeXml = (value: string) =>
  value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

function lines(text: string, width: number, max: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = "";
  for (const word of words) {
    if ((line ? `${line} ${word}` : word).length > width) {
      if (line) out.push(line);
      line = word.slice(0, width);
    } else line = line ? `${line} ${word}` : word;
    if (out.length === max) break;
  }
  if (line && out.length < max) out.push(line);
  return out;
}

/** The page's Open Graph image (1200 × 630 PNG): its name, bio and address in its theme's colours. */
export function bioOgImage(page: PublicBioPage, address: string): Promise<Buffer> {
  const [background, text, accent] = OG_COLOURS[page.profile.theme] ?? OG_COLOURS.light!;
  const name = page.profile.title || page.store.name;
  const bio = lines(page.profile.bio || page.store.description, 48, 3);
  const initial = escapeXml(name.trim().charAt(0).toUpperCase() || "S");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${background}"/>
  <rect x="0" y="600" width="1200" height="30" fill="${accent}"/>
  <circle cx="600" cy="170" r="80" fill="${accent}"/>
  <text x="600" y="200" font-family="sans-serif" font-size="88" font-weight="700" fill="${background}" text-anchor="middle">${initial}</text>
  <text x="600" y="330" font-family="sans-serif" font-size="64" font-weight="700" fill="${text}" text-anchor="middle">${escapeXml(name.slice(0, 40))}</text>
  ${bio.map((line, i) => `<text x="600" y="${400 + i * 44}" font-family="sans-serif" font-size="34" fill="${text}" text-anchor="middle">${escapeXml(line)}</text>`).join("\n  ")}
  <text x="600" y="570" font-family="sans-serif" font-size="28" fill="${accent}" text-anchor="middle">${escapeXml(address.slice(0, 80))}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 8 }).toBuffer();
}
