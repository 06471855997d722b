import type { BioPlatform } from "~/domains/link-in-bio/bio-content";

/** Simple line drawings of the eight platforms' marks, 24-unit grid, stroked in the text colour. */
const ICONS: Record<BioPlatform, string> = {
  facebook: "M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z",
  instagram:
    "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-2.5v.01",
  tiktok: "M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.5 2.5 4.5 5 4.5",
  twitter: "M4 4l16 16M20 4L4 20",
  youtube:
    "M4 6.5h16a1.5 1.5 0 0 1 1.5 1.5v8a1.5 1.5 0 0 1-1.5 1.5H4A1.5 1.5 0 0 1 2.5 16V8A1.5 1.5 0 0 1 4 6.5zM10 9.5v5l4.5-2.5z",
  pinterest: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-1 16l1.8-7.5M10 9.5a2.5 2.5 0 1 1 2.5 3.5c-.8 0-1.5-.4-1.5-.4",
  linkedin: "M4 4h16v16H4zM8 10.5V16M8 7.5v.01M11.5 16v-5.5m0 2.5a2.5 2.5 0 0 1 5 0V16",
  snapchat:
    "M12 3a5 5 0 0 0-5 5v2.5l-2 .8 1.5 1.2c-.5 1.5-1.5 2.5-3 3l3 1 .5 1.5 2-.3L12 19l3-2.3 2 .3.5-1.5 3-1c-1.5-.5-2.5-1.5-3-3l1.5-1.2-2-.8V8a5 5 0 0 0-5-5z",
};

/** A platform's mark; decorative, as its link carries the platform's name. */
export function PlatformIcon({ platform, size = 24 }: { platform: BioPlatform; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICONS[platform]} />
    </svg>
  );
}
