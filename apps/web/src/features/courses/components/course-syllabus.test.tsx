import type { CourseSyllabus as Syllabus, LessonView } from '@shopfront/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testLessonView } from '../lib/my-course-data.ts';
import { CourseSyllabus } from './course-syllabus.tsx';

const syllabus: Syllabus = {
  productId: 'prd_course',
  sections: [
    {
      id: 'csec_1',
      title: 'Getting started',
      lessons: [
        { id: 'les_a', title: 'Welcome', freePreview: true, media: 'embed', durationSeconds: null },
        { id: 'les_b', title: 'Choosing clay', freePreview: false, media: 'video', durationSeconds: 600 },
      ],
    },
    { id: 'csec_2', title: 'Empty for now', lessons: [] },
  ],
};

/** Answers `/fn/<name>` like the server: `{result}` or `{error}` with its status. */
function serve(answers: Record<string, (data: Record<string, unknown>) => { status?: number; body: unknown }>) {
  const calls: { name: string; data: unknown; credentials: RequestCredentials | undefined }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const name = url.replace('/fn/', '');
    const { data } = JSON.parse(String(init.body)) as { data: Record<string, unknown> };
    calls.push({ name, data, credentials: init.credentials });
    const answer = answers[name]!(data);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('a course’s outline on its storefront page', { timeout: 20_000 }, () => {
  it('lists the lessons with their locks, and plays a free preview without cookies', async () => {
    const preview: LessonView = testLessonView({ id: 'les_a', progress: null, freePreview: true, bodyHtml: '<p>Wedge your clay first.</p>' });
    const calls = serve({ getCourseSyllabus: () => ({ body: { result: syllabus } }), getPreviewLesson: () => ({ body: { result: preview } }) });
    render(<CourseSyllabus storeId="store_1" productId="prd_course" />);
    const inside = await screen.findByRole('region', { name: 'What’s inside' });
    expect(within(inside).getByText('1 section · 2 lessons')).toBeInTheDocument();
    expect(within(inside).queryByText('Empty for now')).not.toBeInTheDocument();
    expect(within(inside).getByText(/Choosing clay/).closest('li')).toHaveTextContent(/Choosing clay.*locked until you enrol.*10:00/);
    expect(within(inside).queryByRole('button', { name: /Choosing clay/ })).not.toBeInTheDocument();

    await userEvent.setup().click(within(inside).getByRole('button', { name: /Welcome/ }));
    const player = await screen.findByRole('region', { name: 'Free preview: Welcome' });
    expect(await within(player).findByTitle('Video: Welcome')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(within(player).getByText('Wedge your clay first.')).toBeInTheDocument();
    expect(player).toHaveFocus();
    expect(calls).toEqual([
      { name: 'getCourseSyllabus', data: { storeId: 'store_1', productId: 'prd_course' }, credentials: 'omit' },
      { name: 'getPreviewLesson', data: { storeId: 'store_1', lessonId: 'les_a' }, credentials: 'omit' },
    ]);
    await userEvent.setup().click(within(player).getByRole('button', { name: 'Close the preview' }));
    expect(screen.queryByRole('region', { name: 'Free preview: Welcome' })).not.toBeInTheDocument();
  });

  it('shows the server’s message and tries again', async () => {
    let attempts = 0;
    serve({
      getCourseSyllabus: () => (++attempts === 1 ? { status: 404, body: { error: { status: 'not-found', message: 'Course not found' } } } : { body: { result: syllabus } }),
    });
    render(<CourseSyllabus storeId="store_1" productId="prd_course" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Course not found');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'What’s inside' })).toBeInTheDocument());
  });
});
