import { AppError, COURSE_MESSAGES, PRODUCT_MESSAGES, type CourseOutline } from '@shopfront/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { FakeXhr } from '#src/testing/fake-xhr.ts';
import { stackSortableRows } from '#src/testing/sortable-rows.ts';
import { testProduct } from '#src/testing/product-data.ts';
import { testCreatorLesson, testOutline, testOutlineLesson, testSection } from '../lib/course-data.ts';
import { renderProductsScreen } from '../product-fixtures.tsx';
import { CourseCard } from './course/course-card.tsx';

const call = fakeFunctions();
const store = testStore();
const course = testProduct({ id: 'prd_course', type: 'course', title: 'Pottery basics', status: 'draft', ctaLabel: 'Enrol now' });
const welcome = testOutlineLesson({ id: 'les_a', title: 'Welcome' });
const clay = testOutlineLesson({ id: 'les_b', title: 'Choosing clay', position: 1 });
const wheel = testOutlineLesson({ id: 'les_c', sectionId: 'csec_2', title: 'The wheel' });
const twoSections = () => testOutline(course.id, [testSection({ lessons: [welcome, clay] }), testSection({ id: 'csec_2', title: 'Throwing', position: 1, lessons: [wheel] })]);

beforeAll(async () => {
  await import('./product-editor.tsx');
}, 60_000);
afterEach(() => vi.clearAllMocks());

describe('a course in the product editor', { timeout: 20_000 }, () => {
  const renderEditor = (search: string, handlers: Parameters<typeof answerFunctions>[1] = {}) => {
    answerFunctions(call, { listMyStores: () => ({ stores: [store], activeStoreId: store.id }), listProducts: () => ({ products: [], currency: 'USD' }), ...handlers });
    return renderProductsScreen(search);
  };

  it('is offered in the type chooser', async () => {
    renderEditor('?new');
    const option = await screen.findByRole('link', { name: /Course/ });
    expect(option).toHaveAttribute('href', expect.stringContaining('?new=course'));
  });

  it('has a price and an outline, and publishes only once it has a lesson', async () => {
    let outline = testOutline(course.id, [testSection()]);
    renderEditor(`?edit=${course.id}`, { getProduct: () => course, getCourseOutline: () => outline, listCourseStudents: () => ({ students: [], total: 0, page: 1, pageSize: 50, lessons: [] }) });
    await screen.findByRole('heading', { name: 'Pottery basics' });
    expect(screen.getByRole('region', { name: 'Price' })).toBeInTheDocument();
    expect(screen.getByLabelText('Button label')).toHaveAttribute('placeholder', 'Enrol now');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toHaveAccessibleDescription(PRODUCT_MESSAGES.publishNeedsLesson));
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(await screen.findByText('No students yet. Buyers of this course appear here.')).toBeInTheDocument();

    outline = twoSections();
    fireEvent.click(screen.getByRole('button', { name: 'Delete section “Getting started”' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    // Any write answers the outline; a reload shows it too.
    answerFunctions(call, {
      getProduct: () => course,
      getCourseOutline: () => outline,
      deleteCourseSection: () => outline,
      listCourseStudents: () => ({ students: [], total: 0, page: 1, pageSize: 50, lessons: [] }),
      listMyStores: () => ({ stores: [store], activeStoreId: store.id }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete section “Getting started”' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete section' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled());
    expect(callsOf(call, 'updateProduct')).toEqual([]);
  });
});

describe('the course outline card', { timeout: 20_000 }, () => {
  const renderCard = (handlers: Parameters<typeof answerFunctions>[1]) => {
    answerFunctions(call, handlers);
    return renderForCreator(<CourseCard product={course} />);
  };

  it('starts empty, adds a section, then a lesson, and opens the new lesson for its video and files', async () => {
    let outline = testOutline(course.id, []);
    renderCard({
      getCourseOutline: () => outline,
      createCourseSection: (data: { title: string }) => (outline = testOutline(course.id, [testSection({ title: data.title })])),
      createCourseLesson: (data: { title: string; embedUrl: string | null; freePreview: boolean }) => {
        if (data.embedUrl === 'https://example.com/video') throw new AppError('invalid-argument', COURSE_MESSAGES.embedUrlInvalid);
        const lesson = testCreatorLesson({ id: 'les_new', title: data.title, embedUrl: data.embedUrl, freePreview: data.freePreview });
        outline = testOutline(course.id, [testSection({ lessons: [lesson] })]);
        return lesson;
      },
      getCourseLesson: () => testCreatorLesson({ id: 'les_new', title: 'Welcome', freePreview: true, embedUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
    });
    const card = await screen.findByRole('region', { name: 'Lessons' });
    expect(await within(card).findByText(/No sections yet/)).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(within(card).getByRole('button', { name: 'Add section' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add a section' });
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));
    expect(within(dialog).getByText(COURSE_MESSAGES.sectionTitleRequired)).toBeInTheDocument();
    expect(callsOf(call, 'createCourseSection')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Section title'), 'Getting started');
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'createCourseSection')).toEqual([{ storeId: course.storeId, productId: course.id, title: 'Getting started' }]);
    expect(await within(card).findByRole('heading', { name: 'Getting started' })).toBeInTheDocument();
    expect(within(card).getByText('Opens at enrolment')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Add a lesson to “Getting started”' }));
    dialog = await screen.findByRole('dialog', { name: 'Add a lesson' });
    await user.type(within(dialog).getByLabelText('Lesson title'), 'Welcome');
    await user.type(within(dialog).getByLabelText('Embedded video link'), 'https://example.com/video');
    await user.click(within(dialog).getByRole('switch', { name: 'Free preview' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add lesson' }));
    // The server knows the accepted link forms; its refusal shows in the dialog.
    expect(await within(dialog).findByText(COURSE_MESSAGES.embedUrlInvalid)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Embedded video link'));
    await user.type(within(dialog).getByLabelText('Embedded video link'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(within(dialog).getByRole('button', { name: 'Add lesson' }));

    dialog = await screen.findByRole('dialog', { name: 'Edit “Welcome”' });
    expect(callsOf(call, 'createCourseLesson').at(-1)).toEqual({
      storeId: course.storeId,
      sectionId: 'csec_1',
      title: 'Welcome',
      bodyHtml: '',
      freePreview: true,
      embedUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(within(dialog).getByRole('heading', { name: 'Video' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload a video' })).toBeDisabled();
    expect(within(dialog).getByRole('heading', { name: 'Files' })).toBeInTheDocument();
    expect(await within(card).findByText('Free preview')).toBeInTheDocument();
  });

  it('reorders with the move buttons, across sections, sending the whole outline; a refusal puts the order back', async () => {
    renderCard({ getCourseOutline: () => twoSections(), reorderCourseOutline: () => twoSections() });
    const card = await screen.findByRole('region', { name: 'Lessons' });
    await within(card).findByText('Choosing clay');
    expect(within(card).getByRole('button', { name: 'Move lesson “Welcome” up' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Move section “Throwing” down' })).toBeDisabled();

    fireEvent.click(within(card).getByRole('button', { name: 'Move lesson “Choosing clay” down' }));
    await waitFor(() => expect(callsOf(call, 'reorderCourseOutline')).toHaveLength(1));
    expect(callsOf(call, 'reorderCourseOutline')[0]).toEqual({
      storeId: course.storeId,
      productId: course.id,
      sections: [
        { sectionId: 'csec_1', lessonIds: ['les_a'] },
        { sectionId: 'csec_2', lessonIds: ['les_b', 'les_c'] },
      ],
    });

    call.mockClear();
    answerFunctions(call, {
      getCourseOutline: () => twoSections(),
      reorderCourseOutline: () => {
        throw new AppError('invalid-argument', COURSE_MESSAGES.reorderMismatch);
      },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Move section “Throwing” up' }));
    expect(await screen.findByText(COURSE_MESSAGES.reorderMismatch)).toBeInTheDocument();
    expect(callsOf(call, 'reorderCourseOutline')[0]).toMatchObject({ sections: [{ sectionId: 'csec_2' }, { sectionId: 'csec_1' }] });
    const headings = within(card)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.textContent);
    await waitFor(() =>
      expect(
        within(card)
          .getAllByRole('heading', { level: 4 })
          .map((heading) => heading.textContent),
      ).toEqual(['Getting started', 'Throwing']),
    );
    expect(headings).toHaveLength(2);
  });

  it('reorders a section’s lessons by dragging with the keyboard', async () => {
    renderCard({ getCourseOutline: () => twoSections(), reorderCourseOutline: () => twoSections() });
    const handle = await screen.findByRole('button', { name: 'Reorder “Welcome”' });
    const restore = stackSortableRows();
    try {
      handle.focus();
      const press = async (code: string, announced: RegExp) => {
        await act(async () => {
          fireEvent.keyDown(handle, { code, key: code === 'Space' ? ' ' : code });
        });
        expect(await screen.findByText(announced)).toBeInTheDocument();
      };
      await press('Space', /“Welcome” moved to position 1 of 2\./);
      await press('ArrowDown', /“Welcome” moved to position 2 of 2\./);
      await press('Space', /“Welcome” dropped in position 2 of 2\./);
      await waitFor(() => expect(callsOf(call, 'reorderCourseOutline')).toHaveLength(1));
      expect(callsOf(call, 'reorderCourseOutline')[0]).toMatchObject({
        sections: [
          { sectionId: 'csec_1', lessonIds: ['les_b', 'les_a'] },
          { sectionId: 'csec_2', lessonIds: ['les_c'] },
        ],
      });
    } finally {
      restore();
    }
  });

  it('schedules a section N days after enrolment, checking the number first', async () => {
    renderCard({
      getCourseOutline: () => twoSections(),
      setSectionDrip: (data: { drip: CourseOutline['sections'][number]['drip'] }) => testOutline(course.id, [testSection({ drip: data.drip, lessons: [welcome] })]),
    });
    const card = await screen.findByRole('region', { name: 'Lessons' });
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'When “Getting started” opens' }));
    const dialog = await screen.findByRole('dialog', { name: 'When “Getting started” opens' });
    await user.click(within(dialog).getByRole('radio', { name: 'Some days after enrolment' }));
    const days = within(dialog).getByLabelText('Number of days');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(within(dialog).getByText(COURSE_MESSAGES.dripDays)).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '3650');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'setSectionDrip')).toEqual([{ storeId: course.storeId, sectionId: 'csec_1', drip: { kind: 'after-days', days: 3650 } }]);
    expect(await within(card).findByText('Opens 3650 days after enrolment')).toBeInTheDocument();
  });

  it('deletes a lesson only after confirming, and shows a refusal in the dialog', async () => {
    renderCard({
      getCourseOutline: () => twoSections(),
      deleteCourseLesson: () => {
        throw new AppError('failed-precondition', COURSE_MESSAGES.lastLesson);
      },
    });
    const card = await screen.findByRole('region', { name: 'Lessons' });
    fireEvent.click(await within(card).findByRole('button', { name: 'Delete lesson “The wheel”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “The wheel”?' });
    expect(callsOf(call, 'deleteCourseLesson')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete lesson' }));
    expect(await within(confirm).findByText(COURSE_MESSAGES.lastLesson)).toBeInTheDocument();
    expect(callsOf(call, 'deleteCourseLesson')).toEqual([{ storeId: course.storeId, lessonId: 'les_c' }]);
  });

  it('shows the error with a retry when the outline does not load', async () => {
    renderCard({
      getCourseOutline: () => {
        throw new AppError('unavailable', 'The server is not answering');
      },
    });
    expect(await screen.findByText(/The server is not answering/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add section' })).not.toBeInTheDocument();
  });
});

describe('a lesson’s video', { timeout: 20_000 }, () => {
  beforeEach(() => {
    FakeXhr.requests = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const video = (status: 'queued' | 'processing' | 'ready' | 'original-only', progressPercent = 0) => ({
    assetId: 'vid_1',
    name: 'intro.mp4',
    sizeBytes: 2048,
    status,
    progressPercent,
    durationSeconds: status === 'ready' ? 75 : null,
    error: null,
  });

  it('uploads with progress, then shows the transcoding percent from the outline', async () => {
    let outline = twoSections();
    answerFunctions(call, { getCourseOutline: () => outline, getCourseLesson: () => testCreatorLesson({ id: 'les_a', title: 'Welcome' }) });
    renderForCreator(<CourseCard product={course} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit lesson “Welcome”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Welcome”' });
    expect(within(dialog).getByText(/No video uploaded/)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByTestId('lesson-video-input'), { target: { files: [new File(['x'.repeat(2048)], 'intro.mp4', { type: 'video/mp4' })] } });
    // A resumable upload (tus): the creation names the lesson, then the bytes go in a PATCH.
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const [created] = FakeXhr.requests as [FakeXhr];
    expect([created.method, created.url, created.headers['Upload-Length']]).toEqual(['POST', '/api/uploads/resumable', '2048']);
    expect(created.headers['Upload-Metadata']).toContain(`kind ${btoa('lessonVideo')},storeId ${btoa('store_1')},parentId ${btoa('les_a')},filename ${btoa('intro.mp4')}`);
    act(() => created.respond(201, undefined, { Location: '/api/uploads/resumable/ffff' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    const request = FakeXhr.requests[1]!;
    expect([request.method, request.url]).toEqual(['PATCH', '/api/uploads/resumable/ffff']);
    act(() => request.progress(512, 2048));
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading intro.mp4' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(dialog).getByRole('button', { name: 'Upload a video' })).toBeDisabled();

    outline = testOutline(course.id, [testSection({ lessons: [{ ...welcome, video: video('processing', 42) }] })]);
    await act(async () => request.respond(200, testCreatorLesson({ id: 'les_a', title: 'Welcome', video: video('queued') }), { 'Upload-Offset': '2048' }));
    expect(await within(dialog).findByText('Making it streamable: 42%')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Making the video streamable' })).toHaveAttribute('aria-valuenow', '42');
    expect(within(dialog).getByRole('button', { name: 'Replace video' })).toBeEnabled();
  });

  it('offers to go on with a video this browser left unfinished, with the file picked again', async () => {
    localStorage.setItem(
      'tus::shopfront/lessonVideo/store_1/les_a/intro.mp4/video/mp4/2048/1::1',
      JSON.stringify({ size: 2048, metadata: { kind: 'lessonVideo', storeId: 'store_1', parentId: 'les_a', filename: 'intro.mp4', filetype: 'video/mp4' }, creationTime: 'x', uploadUrl: '/api/uploads/resumable/abcd', parallelUploadUrls: null }),
    );
    answerFunctions(call, { getCourseOutline: () => twoSections(), getCourseLesson: () => testCreatorLesson({ id: 'les_a', title: 'Welcome' }) });
    renderForCreator(<CourseCard product={course} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit lesson “Welcome”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Welcome”' });
    const offer = await within(dialog).findByRole('region', { name: 'Unfinished uploads' });
    expect(within(offer).getByText('intro.mp4')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByTestId('lesson-video-input'), { target: { files: [new File(['x'.repeat(2048)], 'intro.mp4', { type: 'video/mp4', lastModified: 1 })] } });
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect([FakeXhr.requests[0]!.method, FakeXhr.requests[0]!.url]).toEqual(['HEAD', '/api/uploads/resumable/abcd']);
    expect(within(dialog).queryByRole('region', { name: 'Unfinished uploads' })).not.toBeInTheDocument();
  });

  it('says plainly when ffmpeg is missing and the original is served', async () => {
    const outline = testOutline(course.id, [testSection({ lessons: [{ ...welcome, video: video('original-only') }] })]);
    answerFunctions(call, { getCourseOutline: () => outline, getCourseLesson: () => testCreatorLesson({ id: 'les_a', title: 'Welcome', video: video('original-only') }) });
    renderForCreator(<CourseCard product={course} />);
    expect(await screen.findByText('Video: ffmpeg is not installed on the server: the original file is served')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit lesson “Welcome”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Welcome”' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('ffmpeg is not installed on the server: the original file is served');
    expect(within(dialog).getByLabelText('Embedded video link')).toBeDisabled();
  });
});
