import type { TestimonialsProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

/** Quotes from customers, as cards. */
export function TestimonialsBlock({ heading, items: all }: BlockComponentProps<TestimonialsProps>) {
  // A testimonial without its quote (a new, empty one) is not shown.
  const items = all.filter((item) => item.quote.trim() !== '');
  if (items.length === 0) return null;
  return (
    <section className="ws-block ws-testimonials">
      {heading ? <h2 className="ws-section-title">{heading}</h2> : null}
      <ul className="ws-card-grid">
        {items.map((item, index) => (
          <li key={index} className="ws-card">
            <figure>
              <blockquote className="ws-quote ws-multiline">{item.quote}</blockquote>
              <figcaption className="ws-quote-by">
                <span className="ws-quote-name">{item.name}</span>
                {item.role ? <span className="ws-quote-role">{item.role}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
