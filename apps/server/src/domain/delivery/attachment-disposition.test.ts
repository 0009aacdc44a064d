import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './attachment-disposition.ts';

describe('attachmentDisposition', () => {
  it('keeps a plain name as is in both forms', () => {
    expect(attachmentDisposition('guide.pdf')).toBe(`attachment; filename="guide.pdf"; filename*=UTF-8''guide.pdf`);
  });

  it('drops control characters, so no header can be injected', () => {
    expect(attachmentDisposition('a\r\nSet-Cookie: x=1.pdf')).toBe(`attachment; filename="aSet-Cookie: x=1.pdf"; filename*=UTF-8''aSet-Cookie%3A%20x%3D1.pdf`);
  });

  it('keeps accents in the UTF-8 form and strips them in the ASCII fallback', () => {
    expect(attachmentDisposition('Café (final)\\.pdf')).toBe(`attachment; filename="Cafe (final)_.pdf"; filename*=UTF-8''Caf%C3%A9%20%28final%29%5C.pdf`);
  });

  it('names an empty or all-control name "download"', () => {
    expect(attachmentDisposition('\u0007')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});
