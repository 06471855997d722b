import { cn } from "~/lib/cn";

/** Initials of a person, 'U' when there are no names. */
export function initialsOf(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const initials = [firstName, lastName].map((name) => name?.trim().charAt(0).toUpperCase() ?? "").join("");
  return initials || "U";
}

export function Avatar({
  src,
  firstName,
  lastName,
  className,
}: {
  src: string | null;
  firstName: string | null;
  lastName: string | null;
  className?: string;
}) {
  const classes = cn(
    "grid size-14 shrink-0 place-items-center overflow-hidden rounded-full bg-primary text-lg font-semibold text-primary-foreground",
    className,
  );
  if (src) return <img src={src} alt="" width={56} height={56} className={cn(classes, "object-cover")} />;
  return (
    <span aria-hidden="true" className={classes}>
      {initialsOf(firstName, lastName)}
    </span>
  );
}
