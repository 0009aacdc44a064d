import type { FaqProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

/** Questions that open to their answers (`<details>`: works without JavaScript). */
export function FaqBlock({ heading, items: all }: BlockComponentProps<FaqProps>) {
  // A question not written yet (a new, empty one) is not shown.
  const items = all.filter((item) => item.question.trim() !== '');
  if (items.length === 0) return null;
  return (
    <section className="ws-block ws-faq">
      {heading ? <h2 className="ws-section-title">{heading}</h2> : null}
      <div className="ws-faq-list">
        {items.map((item, index) => (
          <details key={index} className="ws-faq-item">
            <summary>{item.question}</summary>
            <p className="ws-multiline">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
