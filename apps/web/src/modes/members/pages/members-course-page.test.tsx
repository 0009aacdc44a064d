import { AppError, COURSE_MESSAGES, type LessonView } from '@shopfront/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testLessonView, testMyCourse } from '#src/features/courses/lib/my-course-data.ts';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderMembers, STORE_REF, TEST_MEMBER } from '../members-fixtures.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const clay = testLessonView({
  id: 'les_b',
  title: 'Choosing clay',
  playback: { kind: 'original', url: '/api/course-media/tok/original', contentType: 'video/mp4' },
  files: [{ id: 'lfile_1', name: 'clay-chart.pdf', sizeBytes: 2048, contentType: 'application/pdf', url: '/api/course-media/tok2/files/lfile_1' }],
  progress: { positionSeconds: 75, completedAt: null },
  previousLessonId: 'les_a',
  nextLessonId: 'les_c',
});

function answer(lessons: Record<string, () => LessonView> = {}, course = testMyCourse()) {
  answerFunctions(call, {
    lookupStore: () => STORE_REF,
    getCustomerSession: () => ({ customer: TEST_MEMBER }),
    getMyPurchases: () => ({ purchases: [] }),
    getMemberEmailPreferences: () => ({ marketingConsent: false }),
    listMyMemberships: () => ({ memberships: [] }),
    listMyCourses: () => ({
      courses: [{ productId: course.productId, title: course.title, coverImageUrl: null, enrolledAt: course.enrolledAt, progress: course.progress, continueAt: course.continueAt }],
      locked: [],
    }),
    getMyCourse: (data: { productId: string }) => {
      if (data.productId !== course.productId) throw new AppError('not-found', COURSE_MESSAGES.courseNotFound);
      return course;
    },
    getMyLesson: (data: { lessonId: string }) => {
      const lesson = lessons[data.lessonId];
      if (!lesson) throw new AppError('failed-precondition', COURSE_MESSAGES.locked, { opensAt: '2026-03-08T09:00:00.000Z' });
      return lesson();
    },
    markLessonComplete: (data: { lessonId: string }) => ({ lessonId: data.lessonId, positionSeconds: 0, completedAt: '2026-03-02T10:00:00.000Z' }),
    recordLessonProgress: (data: { lessonId: string; positionSeconds: number }) => ({ lessonId: data.lessonId, positionSeconds: data.positionSeconds, completedAt: null }),
  });
}

describe('members area: a course', { timeout: 20_000 }, () => {
  it('is on the members home with its progress, and continues where the student left off', async () => {
    answer({ les_b: () => clay });
    const { router } = renderMembers('/cozy-mugs/members');
    const courses = await screen.findByRole('region', { name: 'Your courses' });
    expect(within(courses).getByText('1 of 3 lessons done · 33%')).toBeInTheDocument();
    await userEvent.setup().click(within(courses).getByRole('link', { name: 'Continue Pottery basics' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choosing clay' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cozy-mugs/members/courses/prd_course/lessons/les_b');
  });

  it('lists lessons by section with progress, announces locked ones and when they open', async () => {
    answer();
    renderMembers('/cozy-mugs/members/courses/prd_course');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pottery basics' })).toBeInTheDocument();
    const continueLink = screen.getByRole('link', { name: /Continue where you left off/ });
    expect(continueLink).toHaveTextContent('Choosing clay · at 1:15');
    expect(continueLink).toHaveAttribute('href', '/cozy-mugs/members/courses/prd_course/lessons/les_b');
    const [lessons] = screen.getAllByRole('navigation', { name: 'Lessons' }) as [HTMLElement];
    expect(within(lessons).getByRole('progressbar', { name: 'Progress in Getting started' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(lessons).getByRole('link', { name: /Welcome.*completed/ })).toBeInTheDocument();
    expect(within(lessons).queryByRole('link', { name: /Centering/ })).not.toBeInTheDocument();
    expect(
      within(lessons)
        .getByText(/Centering/)
        .closest('li'),
    ).toHaveTextContent(/Centering.*Opens Mar 8, 2026.*locked/);
  });

  it('plays the original file from the saved position, reports the position on pause, and marks complete', async () => {
    answer({ les_b: () => clay });
    renderMembers('/cozy-mugs/members/courses/prd_course/lessons/les_b');
    const video = (await screen.findByLabelText('Video: Choosing clay')) as HTMLVideoElement;
    expect(video.querySelector('source')).toHaveAttribute('src', '/api/course-media/tok/original');
    Object.defineProperty(video, 'duration', { configurable: true, value: 600 });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(75);

    video.currentTime = 130.6;
    fireEvent.pause(video);
    await waitFor(() => expect(callsOf(call, 'recordLessonProgress')).toEqual([{ storeId: 's1', lessonId: 'les_b', positionSeconds: 130, seeked: false }]));

    expect(screen.getByRole('link', { name: 'Download clay-chart.pdf' })).toHaveAttribute('href', '/api/course-media/tok2/files/lfile_1');
    const neighbours = screen.getByRole('navigation', { name: 'Previous and next lesson' });
    expect(within(neighbours).getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/cozy-mugs/members/courses/prd_course/lessons/les_a');
    expect(within(neighbours).queryByRole('link', { name: /Next/ })).not.toBeInTheDocument();
    expect(neighbours).toHaveTextContent(/Centering.*Locked/);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Completed');
    expect(callsOf(call, 'markLessonComplete')).toEqual([{ storeId: 's1', lessonId: 'les_b' }]);
  });

  it('embeds a YouTube lesson and opens other lessons from the drawer', async () => {
    answer({ les_a: () => testLessonView(), les_b: () => clay });
    const { router } = renderMembers('/cozy-mugs/members/courses/prd_course/lessons/les_a');
    expect(await screen.findByTitle('Video: Welcome')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(screen.getByText('Wedge your clay first.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Lessons · 33%' }));
    const drawer = await screen.findByRole('dialog', { name: 'Pottery basics' });
    expect(within(drawer).getByRole('link', { name: /Welcome/ })).toHaveAttribute('aria-current', 'page');
    await user.click(within(drawer).getByRole('link', { name: /Choosing clay/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/cozy-mugs/members/courses/prd_course/lessons/les_b');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choosing clay' })).toBeInTheDocument();
  });

  it('says when a locked lesson opens', async () => {
    answer();
    renderMembers('/cozy-mugs/members/courses/prd_course/lessons/les_c');
    const notice = (await screen.findByText('This lesson is locked')).closest('[role="status"]');
    expect(notice).toHaveTextContent(/This lesson is locked.*Opens Mar 8, 2026/);
    expect(screen.queryByRole('button', { name: 'Mark complete' })).not.toBeInTheDocument();
  });

  it('answers a course the customer is not enrolled in with the server’s message', async () => {
    answer();
    renderMembers('/cozy-mugs/members/courses/prd_other');
    expect(await screen.findByText(COURSE_MESSAGES.courseNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Your library' })).toHaveAttribute('href', '/cozy-mugs/members');
  });
});
