import { describe, expect, it } from 'vitest';
import { nextLessonProgress, summariseCourseProgress, type ProgressRow } from './progress-rules.ts';

const now = new Date('2030-03-10T09:30:00.000Z');
const earlier = new Date('2030-03-09T09:30:00.000Z');
const at = (positionSeconds: number, completedAt: Date | null = null) => ({ positionSeconds, completedAt });

describe('nextLessonProgress', () => {
  it('moves the position forward, and back only on a seek', () => {
    expect(nextLessonProgress(at(100), { positionSeconds: 130 }, 600, now)).toEqual(at(130));
    expect(nextLessonProgress(at(100), { positionSeconds: 40 }, 600, now)).toEqual(at(100));
    expect(nextLessonProgress(at(100), { positionSeconds: 40, seeked: true }, 600, now)).toEqual(at(40));
  });

  it('completes at 90 % of the duration and not a second before', () => {
    expect(nextLessonProgress(at(0), { positionSeconds: 539 }, 600, now)).toEqual(at(539));
    expect(nextLessonProgress(at(0), { positionSeconds: 540 }, 600, now)).toEqual(at(540, now));
    expect(nextLessonProgress(null, { positionSeconds: 541 }, 600, now)).toEqual(at(541, now));
  });

  it('completes by the button whatever the position, and keeps the first completion time', () => {
    expect(nextLessonProgress(null, { positionSeconds: 3, complete: true }, 600, now)).toEqual(at(3, now));
    expect(nextLessonProgress(at(600, earlier), { positionSeconds: 600, complete: true }, 600, now)).toEqual(at(600, earlier));
  });

  it('is never un-completed by a later position, even a seek back to the start', () => {
    expect(nextLessonProgress(at(560, earlier), { positionSeconds: 0, seeked: true }, 600, now)).toEqual(at(0, earlier));
  });

  it('clamps to the video and to zero; without a known duration only the button completes', () => {
    expect(nextLessonProgress(null, { positionSeconds: 9_999 }, 600, now)).toEqual(at(600, now));
    expect(nextLessonProgress(null, { positionSeconds: -5, seeked: true }, 600, now)).toEqual(at(0));
    expect(nextLessonProgress(null, { positionSeconds: 9_999 }, null, now)).toEqual(at(9_999));
  });
});

describe('summariseCourseProgress', () => {
  const outline = [
    { id: 'sec_a', lessonIds: ['l1', 'l2', 'l3'] },
    { id: 'sec_b', lessonIds: ['l4'] },
    { id: 'sec_empty', lessonIds: [] },
  ];
  const row = (lessonId: string, minutesAgo: number, completed: boolean, positionSeconds = 12): ProgressRow => ({
    lessonId,
    positionSeconds,
    completedAt: completed ? earlier : null,
    updatedAt: new Date(now.getTime() - minutesAgo * 60_000),
  });

  it('counts completed lessons per section and overall, rounding down', () => {
    const progress = summariseCourseProgress(outline, [row('l1', 30, true), row('l2', 20, false), row('l4', 40, true)]);
    expect(progress.sections).toEqual([
      { sectionId: 'sec_a', completed: 1, total: 3, percent: 33 },
      { sectionId: 'sec_b', completed: 1, total: 1, percent: 100 },
      { sectionId: 'sec_empty', completed: 0, total: 0, percent: 0 },
    ]);
    expect(progress.overall).toEqual({ completed: 2, total: 4, percent: 50 });
  });

  it('continues at the lesson touched last, with its position; a removed lesson is skipped', () => {
    const progress = summariseCourseProgress(outline, [row('l1', 30, true), row('l2', 20, false, 75.5), row('gone', 1, false)]);
    expect(progress.continueAt).toEqual({ lessonId: 'l2', positionSeconds: 75.5 });
  });

  it('starts at the first lesson when nothing was touched, and has nowhere to go in an empty course', () => {
    expect(summariseCourseProgress(outline, []).continueAt).toEqual({ lessonId: 'l1', positionSeconds: 0 });
    expect(summariseCourseProgress([], [])).toEqual({ sections: [], overall: { completed: 0, total: 0, percent: 0 }, continueAt: null });
  });
});
