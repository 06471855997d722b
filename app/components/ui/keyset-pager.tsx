import { ButtonLink } from "./button";

/** A keyset-paginated list's first-page and next-page links, each shown only when it exists. */
export function KeysetPager({
  label,
  first,
  next,
  firstLabel,
  nextLabel,
}: {
  /** The navigation landmark's name ("Pages of orders"). */
  label: string;
  first: string | null | undefined;
  next: string | null | undefined;
  firstLabel: string;
  nextLabel: string;
}) {
  if (!first && !next) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {first ? (
        <ButtonLink to={first} variant="outline">
          {firstLabel}
        </ButtonLink>
      ) : null}
      {next ? (
        <ButtonLink to={next} variant="outline">
          {nextLabel}
        </ButtonLink>
      ) : null}
    </nav>
  );
}
