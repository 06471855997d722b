import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A column heading; amounts are right-aligned. */
export type DataColumn = { label: string; align?: "right" };

/** The scrolling table of the seller's lists; `focusable` lets the keyboard scroll rows with nothing focusable. */
export function DataTable({
  caption,
  columns,
  wide = false,
  focusable = false,
  children,
}: {
  caption: string;
  columns: readonly DataColumn[];
  wide?: boolean;
  focusable?: boolean;
  children: ReactNode;
}) {
  const table = (
    <table className={cn("w-full text-left text-sm", wide && "min-w-[40rem]")}>
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-muted/60 text-muted-foreground">
        <tr>
          {columns.map((column) => (
            <th
              key={column.label}
              scope="col"
              className={cn("px-3 py-2 font-medium", column.align === "right" && "text-right")}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  return focusable ? (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls; focus lets the keyboard scroll it
    <section tabIndex={0} aria-label={`${caption} (scrolls sideways)`} className="overflow-x-auto rounded-lg border">
      {table}
    </section>
  ) : (
    <div className="overflow-x-auto rounded-lg border">{table}</div>
  );
}
