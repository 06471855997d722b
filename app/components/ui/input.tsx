import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const field =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base sm:text-sm placeholder:text-muted-foreground " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn("h-10", field, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn("min-h-28", field, className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: every caller passes htmlFor (FormField ties it to the input's id)
  return <label className={cn("text-sm font-medium leading-none", className)} {...props} />;
}

type SelectOption = { value: string; label: string };

/** A native select of `options` after any `children`; `submitOnChange` sends its form when the choice changes. */
export function Select({
  options,
  submitOnChange = false,
  className,
  children,
  ...props
}: ComponentProps<"select"> & { options: readonly SelectOption[]; submitOnChange?: boolean }) {
  return (
    <select
      className={cn("h-10 rounded-md border border-input bg-background px-3 text-base sm:text-sm", className)}
      onChange={submitOnChange ? (event) => event.currentTarget.form?.requestSubmit() : undefined}
      {...props}
    >
      {children}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
