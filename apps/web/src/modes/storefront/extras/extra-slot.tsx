import { EXTRA_ATTRIBUTE, EXTRA_HOST_ATTRIBUTE, type StorefrontExtra } from './extras.ts';

/**
 * What the server renders where an extra goes, until the extra's script replaces it: the same
 * words the component shows while it loads. Plain HTML, identical on the server and in the
 * hydrating page, and set as inner HTML so the page's React root never looks inside: the
 * extra mounts a root of its own into its inner element (EXTRA_HOST_ATTRIBUTE, which React did not
 * make; extras/mount-extra.tsx), whose words stay until the extra renders.
 */
const PLACEHOLDER: Record<StorefrontExtra, string> = {
  'book-call':
    '<section class="sf-checkout"><h2 class="sf-checkout-title">Choose a time</h2><p class="sf-field-hint">Loading times…</p>' +
    '<noscript><p class="sf-field-hint">Booking needs JavaScript. Please turn it on to book.</p></noscript></section>',
  'course-syllabus': '<p class="sf-course-note">Loading the lessons…</p>',
};

export function ExtraSlot({ name }: { name: StorefrontExtra }) {
  const html = `<div ${EXTRA_HOST_ATTRIBUTE}>${PLACEHOLDER[name]}</div>`;
  return <div {...{ [EXTRA_ATTRIBUTE]: name }} className="sf-extra" dangerouslySetInnerHTML={{ __html: html }} />;
}
