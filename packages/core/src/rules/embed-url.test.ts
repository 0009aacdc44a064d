import { describe, expect, it } from 'vitest';
import { COURSE_MESSAGES, EmbedUrlSchema } from '../functions/courses.ts';
import { parseEmbedUrl } from './embed-url.ts';

const LOOM = '0123456789abcdef0123456789abcdef';

describe('parseEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['http://youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
    ['https://player.vimeo.com/video/76979871?h=8272103f6e&autoplay=1', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
    [`https://www.loom.com/share/${LOOM}?sid=x`, `https://www.loom.com/embed/${LOOM}`],
    [`https://loom.com/embed/${LOOM}`, `https://www.loom.com/embed/${LOOM}`],
  ])('accepts %s', (input, embedUrl) => {
    expect(parseEmbedUrl(input)?.embedUrl).toBe(embedUrl);
  });

  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXc', // 10 characters
    'https://www.youtube.com/watch?v=dQw4w9WgXcQQ', // 12 characters
    'https://www.youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
    'https://evil.test/https://youtu.be/dQw4w9WgXcQ',
    'https://user:pw@youtu.be/dQw4w9WgXcQ',
    'https://youtu.be:8443/dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'ftp://vimeo.com/76979871',
    'https://vimeo.com/channels/staffpicks',
    'https://vimeo.com/76979871/"onload=x',
    `https://www.loom.com/share/${LOOM.slice(1)}`,
    `https://www.loom.com/videos/${LOOM}`,
    'not a url',
    '',
  ])('refuses %s', (input) => {
    expect(parseEmbedUrl(input)).toBeNull();
  });
});

describe('EmbedUrlSchema (what the lesson editor checks before sending)', () => {
  it('accepts the forms parseEmbedUrl reads and refuses others with the same message as the server', () => {
    expect(EmbedUrlSchema.safeParse(' https://youtu.be/dQw4w9WgXcQ ')).toMatchObject({ success: true, data: 'https://youtu.be/dQw4w9WgXcQ' });
    const refused = EmbedUrlSchema.safeParse('https://example.com/watch?v=dQw4w9WgXcQ');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(COURSE_MESSAGES.embedUrlInvalid);
  });
});
