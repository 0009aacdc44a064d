import type { LessonView, MyCourse } from '@shopfront/core';

type Lesson = MyCourse['sections'][number]['lessons'][number];

/** A lesson as getMyCourse lists it, for tests. */
export function testMyLesson(overrides: Partial<Lesson> = {}): Lesson {
  return { id: 'les_a', title: 'Welcome', freePreview: false, state: 'open', opensAt: null, media: 'embed', durationSeconds: null, completed: false, positionSeconds: 0, ...overrides };
}

/** Pottery basics: "Getting started" (open: Welcome done, Clay at 1:15) and "Throwing" (opens in 7 days). */
export function testMyCourse(overrides: Partial<MyCourse> = {}): MyCourse {
  return {
    productId: 'prd_course',
    title: 'Pottery basics',
    coverImageUrl: null,
    enrolledAt: '2026-03-01T09:00:00.000Z',
    sections: [
      {
        id: 'csec_1',
        title: 'Getting started',
        open: true,
        opensAt: '2026-03-01T09:00:00.000Z',
        progress: { completed: 1, total: 2, percent: 50 },
        lessons: [testMyLesson({ completed: true }), testMyLesson({ id: 'les_b', title: 'Choosing clay', media: 'video', durationSeconds: 600, positionSeconds: 75 })],
      },
      {
        id: 'csec_2',
        title: 'Throwing',
        open: false,
        opensAt: '2026-03-08T09:00:00.000Z',
        progress: { completed: 0, total: 1, percent: 0 },
        lessons: [testMyLesson({ id: 'les_c', title: 'Centering', state: 'locked', opensAt: '2026-03-08T09:00:00.000Z', media: 'none' })],
      },
    ],
    progress: { completed: 1, total: 3, percent: 33 },
    continueAt: { lessonId: 'les_b', positionSeconds: 75 },
    certificate: 'off',
    lessonEmails: true,
    ...overrides,
  };
}

/** A lesson as getMyLesson answers it, for tests. */
export function testLessonView(overrides: Partial<LessonView> = {}): LessonView {
  return {
    id: 'les_a',
    productId: 'prd_course',
    sectionId: 'csec_1',
    title: 'Welcome',
    bodyHtml: '<p>Wedge your clay first.</p>',
    freePreview: false,
    playback: { kind: 'embed', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
    files: [],
    progress: { positionSeconds: 0, completedAt: null },
    previousLessonId: null,
    nextLessonId: 'les_b',
    ...overrides,
  };
}
