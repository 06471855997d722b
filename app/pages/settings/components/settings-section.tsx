import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** One titled section of the settings page (a landmark named by its heading). */
export function SettingsSection({
  id,
  title,
  description,
  danger,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn(
        "scroll-mt-20 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6",
        danger && "border-destructive/50",
      )}
    >
      <h2 id={`${id}-title`} className={cn("text-xl font-semibold", danger && "text-destructive")}>
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
