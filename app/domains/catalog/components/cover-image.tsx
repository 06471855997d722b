import { coverPath } from "~/domains/catalog/paths";
import type { CoverRow } from "~/domains/catalog/store-profile";

/** A product's cover with every stored width in `srcset` and its intrinsic size, so the layout does not shift. */
export function CoverImage({
  covers,
  name,
  sizes,
  className,
  priority = false,
}: {
  covers: readonly CoverRow[];
  name: string;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  if (covers.length === 0) return null;
  const widest = covers[covers.length - 1]!;
  return (
    <img
      src={coverPath(widest.id)}
      srcSet={covers.map((cover) => `${coverPath(cover.id)} ${cover.width}w`).join(", ")}
      sizes={sizes}
      width={widest.width}
      height={widest.height}
      alt={`Cover of ${name}`}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
}
