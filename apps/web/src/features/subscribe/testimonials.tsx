import { Quote } from 'lucide-react';
import { TESTIMONIALS } from './pricing-content';

/** Three traders on the product. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="mt-16">
      <h2 id="testimonials-heading" className="text-center text-xl font-semibold tracking-tight">
        Traders on X-Trader
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-xl border border-border bg-surface p-5">
              <Quote className="size-5 text-accent" aria-hidden />
              <blockquote className="mt-3 flex-1 text-sm leading-relaxed text-muted">{t.quote}</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="block font-medium text-fg">{t.name}</span>
                <span className="block text-xs text-subtle">{t.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
