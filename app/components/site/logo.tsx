import { Link } from "react-router";
import { cn } from "~/lib/cn";

const sizes = {
  sm: { text: "text-lg", mark: "size-6 text-xs" },
  md: { text: "text-xl", mark: "size-8 text-sm" },
  lg: { text: "text-3xl", mark: "size-11 text-lg" },
} as const;

export type LogoSize = keyof typeof sizes;

/** The Sellkit wordmark, in three sizes; a link home. */
export function Logo({ size = "md", className }: { size?: LogoSize; className?: string }) {
  const s = sizes[size];
  return (
    <Link
      to="/"
      className={cn("inline-flex items-center gap-2 font-bold tracking-tight", s.text, className)}
      aria-label="Sellkit home"
    >
      {/* The mark's letter is drawn by CSS, not text: the link's name, "Sellkit home", then starts with all the text
          a person sees in it ("Sellkit"), as WCAG 2.5.3 (label in name) asks. */}
      <span
        aria-hidden="true"
        className={cn(
          "grid place-items-center rounded-md bg-primary font-black text-primary-foreground before:content-['S']",
          s.mark,
        )}
      />
      <span>Sellkit</span>
    </Link>
  );
}
