import { describe, expect, it } from 'vitest';
import { testOutlineLesson, testSection } from './course-data.ts';
import { dripLabel, formatDuration, moveLesson, moveSection, reorderInput, videoStatusText } from './course-outline.ts';

const a = testOutlineLesson({ id: 'les_a' });
const b = testOutlineLesson({ id: 'les_b', position: 1 });
const c = testOutlineLesson({ id: 'les_c', sectionId: 'csec_2' });
const outline = [testSection({ lessons: [a, b] }), testSection({ id: 'csec_2', position: 1, lessons: [c] })];
const order = (sections: ReturnType<typeof moveLesson>) => (sections ? reorderInput(sections) : null);

describe('moving lessons and sections by one place', () => {
  it('moves a lesson within its section, and across into the neighbouring one at its edges', () => {
    expect(order(moveLesson(outline, 'les_a', 1))).toEqual([
      { sectionId: 'csec_1', lessonIds: ['les_b', 'les_a'] },
      { sectionId: 'csec_2', lessonIds: ['les_c'] },
    ]);
    expect(order(moveLesson(outline, 'les_b', 1))).toEqual([
      { sectionId: 'csec_1', lessonIds: ['les_a'] },
      { sectionId: 'csec_2', lessonIds: ['les_b', 'les_c'] },
    ]);
    expect(order(moveLesson(outline, 'les_c', -1))).toEqual([
      { sectionId: 'csec_1', lessonIds: ['les_a', 'les_b', 'les_c'] },
      { sectionId: 'csec_2', lessonIds: [] },
    ]);
    expect(moveLesson(outline, 'les_c', -1)![0]!.lessons[2]).toMatchObject({ id: 'les_c', sectionId: 'csec_1', position: 2 });
  });

  it('refuses to move past the start or end of the course', () => {
    expect(moveLesson(outline, 'les_a', -1)).toBeNull();
    expect(moveLesson(outline, 'les_c', 1)).toBeNull();
    expect(moveSection(outline, 'csec_1', -1)).toBeNull();
    expect(moveSection(outline, 'csec_2', 1)).toBeNull();
    expect(order(moveSection(outline, 'csec_2', -1))?.map((section) => section.sectionId)).toEqual(['csec_2', 'csec_1']);
  });
});

describe('labels', () => {
  it('says when a section opens', () => {
    expect(dripLabel({ kind: 'immediately' })).toBe('Opens at enrolment');
    expect(dripLabel({ kind: 'after-days', days: 1 })).toBe('Opens 1 day after enrolment');
    expect(dripLabel({ kind: 'after-days', days: 7 })).toBe('Opens 7 days after enrolment');
    expect(dripLabel({ kind: 'on-date', date: '2027-01-05T12:00:00.000Z' })).toBe('Opens on Jan 5, 2027');
  });

  it('formats durations and video states', () => {
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    const video = { assetId: 'v', name: 'a.mp4', sizeBytes: 1, progressPercent: 0, durationSeconds: 75, error: null };
    expect(videoStatusText({ ...video, status: 'ready' })).toBe('Ready to stream · 1:15');
    expect(videoStatusText({ ...video, status: 'failed', error: 'Not a video' })).toBe('Could not be processed: Not a video');
  });
});
