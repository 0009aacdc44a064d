import type { CourseOutline, Drip, OutlineLesson } from '@shopfront/core';

/** The outline's sections with their lessons, in order: what a reorder sends and shows at once. */
export type OutlineOrder = CourseOutline['sections'];
type Section = OutlineOrder[number];

/** The reorder function's input: every section once, each with every lesson it holds once. */
export function reorderInput(sections: OutlineOrder): { sectionId: string; lessonIds: string[] }[] {
  return sections.map((section) => ({ sectionId: section.id, lessonIds: section.lessons.map((lesson) => lesson.id) }));
}

const renumber = (sections: Section[]): OutlineOrder =>
  sections.map((section, index) => ({ ...section, position: index, lessons: section.lessons.map((lesson, at) => ({ ...lesson, sectionId: section.id, position: at })) }));

/** The sections in the order of `ids` (a drag's result). */
export function arrangeSections(sections: OutlineOrder, ids: readonly string[]): OutlineOrder {
  const byId = new Map(sections.map((section) => [section.id, section]));
  return renumber(ids.map((id) => byId.get(id)).filter((section) => section !== undefined));
}

/** One section's lessons in the order of `ids` (a drag inside the section). */
export function arrangeLessons(sections: OutlineOrder, sectionId: string, ids: readonly string[]): OutlineOrder {
  return renumber(
    sections.map((section) => {
      if (section.id !== sectionId) return section;
      const byId = new Map(section.lessons.map((lesson) => [lesson.id, lesson]));
      return { ...section, lessons: ids.map((id) => byId.get(id)).filter((lesson) => lesson !== undefined) };
    }),
  );
}

/** The section one place up (-1) or down (+1); null when it is already first or last. */
export function moveSection(sections: OutlineOrder, sectionId: string, delta: -1 | 1): OutlineOrder | null {
  const from = sections.findIndex((section) => section.id === sectionId);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= sections.length) return null;
  const next = [...sections];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return renumber(next);
}

/**
 * The lesson one place up or down; past the start or end of its section it moves to the end of the
 * previous section or the start of the next one. Null when it is first or last in the course.
 */
export function moveLesson(sections: OutlineOrder, lessonId: string, delta: -1 | 1): OutlineOrder | null {
  const s = sections.findIndex((section) => section.lessons.some((lesson) => lesson.id === lessonId));
  if (s < 0) return null;
  const lessons = [...sections[s]!.lessons];
  const from = lessons.findIndex((lesson) => lesson.id === lessonId);
  const [lesson] = lessons.splice(from, 1) as [OutlineLesson];
  const next = sections.map((section) => ({ ...section, lessons: [...section.lessons] }));
  const to = from + delta;
  if (to >= 0 && to <= lessons.length) {
    lessons.splice(to, 0, lesson);
    next[s] = { ...next[s]!, lessons };
    return renumber(next);
  }
  const target = s + delta;
  if (target < 0 || target >= sections.length) return null;
  next[s] = { ...next[s]!, lessons };
  const into = next[target]!.lessons;
  if (delta < 0) into.push(lesson);
  else into.unshift(lesson);
  return renumber(next);
}

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Opens at enrolment", "Opens 7 days after enrolment", "Opens on Jan 5, 2027". */
export function dripLabel(drip: Drip): string {
  if (drip.kind === 'immediately') return 'Opens at enrolment';
  if (drip.kind === 'after-days') return `Opens ${drip.days} ${drip.days === 1 ? 'day' : 'days'} after enrolment`;
  return `Opens on ${DATE.format(new Date(drip.date))}`;
}

/** 75 → "1:15", 3725 → "1:02:05". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const ORIGINAL_ONLY_TEXT = 'ffmpeg is not installed on the server: the original file is served';

/** What the creator reads about an uploaded video's state. */
export function videoStatusText(video: NonNullable<OutlineLesson['video']>): string {
  switch (video.status) {
    case 'queued':
      return 'Waiting to be made streamable';
    case 'processing':
      return `Making it streamable: ${video.progressPercent}%`;
    case 'ready':
      return video.durationSeconds === null ? 'Ready to stream' : `Ready to stream · ${formatDuration(video.durationSeconds)}`;
    case 'failed':
      return `Could not be processed${video.error ? `: ${video.error}` : ''}`;
    case 'original-only':
      return ORIGINAL_ONLY_TEXT;
  }
}
