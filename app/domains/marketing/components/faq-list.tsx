import { ChevronDown } from "lucide-react";
import type { FaqItem } from "~/domains/marketing/content/faq";

/** Questions that open in place (<details>: keyboard and no-JavaScript friendly). */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="mx-auto max-w-3xl divide-y rounded-lg border bg-card">
      {items.map((item) => (
        <details key={item.question} className="group px-5 py-4">
          <summary className="flex items-center justify-between gap-4 font-medium">
            {item.question}
            <ChevronDown aria-hidden="true" className="size-4 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <p className="mt-3 text-sm text-muted-foreground">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
