import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Label } from "./input";

/** A labelled control with its error; `children` is a render function given the ids, so any input fits. */
export function FormField({
  id,
  label,
  errors,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  className?: string;
  children: (control: { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const error = errors?.[0];
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <p id={errorId} aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
        {error}
      </p>
    </div>
  );
}
