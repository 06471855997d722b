import { Star } from "lucide-react";
import { TESTIMONIALS } from "~/domains/marketing/content/testimonials";

export function TestimonialList() {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {TESTIMONIALS.map((t) => (
        <li key={t.id}>
          <figure className="flex h-full flex-col rounded-lg border bg-card p-6 shadow-sm">
            <p className="flex gap-0.5 text-warning" role="img" aria-label={`Rated ${t.rating} out of 5`}>
              {Array.from({ length: t.rating }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical stars; the index is their identity
                <Star key={i} aria-hidden="true" className="size-4 fill-current" />
              ))}
            </p>
            <blockquote className="mt-4 flex-1 text-sm">“{t.content}”</blockquote>
            <figcaption className="mt-6 flex items-center gap-3">
              <span
                aria-hidden="true"
                className="grid size-10 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
              >
                {t.avatar}
              </span>
              <span className="text-sm">
                <span className="block font-semibold">{t.name}</span>
                <span className="block text-muted-foreground">{t.role}</span>
              </span>
              <span className="ml-auto text-sm font-semibold text-success">{t.revenue}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
