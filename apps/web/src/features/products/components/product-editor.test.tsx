import { AppError, PRODUCT_MESSAGES, type Product } from '@shopfront/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testStore } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { FakeXhr } from '#src/testing/fake-xhr.ts';
import { testProduct } from '#src/testing/product-data.ts';
import { COMMA_MESSAGE } from '../lib/product-form.ts';
import { renderProductsScreen } from '../product-fixtures.tsx';

const call = fakeFunctions();

const store = testStore();

// The editor (Tiptap, the product form) is a lazy chunk compiled on its first import: more than
// findBy's 5 s on a busy machine. It loads here, on its own budget; the screen still loads it
// through lazy(), and the tests wait only for the editor.
beforeAll(async () => {
  await import('./product-editor.tsx');
}, 60_000);

function renderEditor(search: string, handlers: Parameters<typeof answerFunctions>[1] = {}) {
  answerFunctions(call, {
    listMyStores: () => ({ stores: [store], activeStoreId: store.id }),
    listProducts: () => ({ products: [], currency: 'USD' }),
    ...handlers,
  });
  return renderProductsScreen(search);
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorOf = (label: string | RegExp) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby') ?? '';
  return id
    .split(' ')
    .map((part) => document.getElementById(part)?.textContent ?? '')
    .join(' ');
};

// The editor (rich text, many fields) renders slowly on a busy test machine.
describe('product editor', { timeout: 15_000 }, () => {
  afterEach(() => vi.clearAllMocks());

  it('creates a digital download with the price in minor units, then offers its files', async () => {
    const created = testProduct({ id: 'p_new', title: 'Mug care guide', slug: 'mug-care-guide', status: 'draft', priceCents: 1250 });
    renderEditor('?new=digital', { createProduct: () => created, getProduct: () => created });

    await screen.findByRole('heading', { name: 'New digital download' });
    type('Title', 'Mug care guide');
    expect(screen.getByLabelText('URL')).toHaveValue('mug-care-guide');
    expect(screen.getByText('shopfront.test/cozy-mugs/p/mug-care-guide')).toBeInTheDocument();
    type('Subtitle', 'Keep your mugs pretty');
    type('Price ($)', '12.50');
    expect(screen.getByLabelText('Button label')).toHaveAttribute('placeholder', 'Buy now');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveAccessibleDescription(PRODUCT_MESSAGES.publishNeedsFile);
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(callsOf(call, 'createProduct')).toHaveLength(1));
    expect(callsOf(call, 'createProduct')[0]).toEqual({
      storeId: store.id,
      type: 'digital',
      title: 'Mug care guide',
      slug: 'mug-care-guide',
      subtitle: 'Keep your mugs pretty',
      descriptionHtml: '',
      coverImageUrl: null,
      priceMode: 'fixed',
      priceCents: 1250,
      minPriceCents: 0,
      compareAtCents: null,
      ctaLabel: 'Buy now',
      externalUrl: null,
      status: 'draft',
    });
    expect(await screen.findByText('“Mug care guide” saved as a draft. Now add its files.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '+ Add files' })).toBeInTheDocument();
    // Still no file: the server's publish rule shows before the creator tries.
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByText(PRODUCT_MESSAGES.publishNeedsFile)).toBeInTheDocument();
  });

  it('sends pay-what-you-want amounts in minor units', async () => {
    renderEditor('?new=digital', { createProduct: () => testProduct({ id: 'p_new' }) });
    await screen.findByRole('heading', { name: 'New digital download' });
    type('Title', 'Playlist');
    fireEvent.click(screen.getByRole('radio', { name: /Pay what you want/ }));
    type('Minimum price ($)', '2');
    type('Suggested price ($)', '5.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(callsOf(call, 'createProduct')).toHaveLength(1));
    expect(callsOf(call, 'createProduct')[0]).toMatchObject({ priceMode: 'pay-what-you-want', priceCents: 550, minPriceCents: 200, compareAtCents: null });
  });

  it('explains what is wrong before sending anything', async () => {
    renderEditor('?new=digital');
    await screen.findByRole('heading', { name: 'New digital download' });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(errorOf('Price ($)')).toContain('Price must be at least 0.50');

    type('Title', 'Mug care guide');
    type('Price ($)', '0.49');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.queryByText(PRODUCT_MESSAGES.titleRequired)).not.toBeInTheDocument());
    expect(errorOf('Price ($)')).toContain('Price must be at least 0.50');

    type('Price ($)', '0.50');
    type('Compare-at price ($)', '0.50');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(errorOf('Compare-at price ($)')).toContain(PRODUCT_MESSAGES.compareAtTooLow));
    expect(errorOf('Price ($)')).not.toContain('Price must be at least 0.50');

    type('Price ($)', '12.5x');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(errorOf('Price ($)')).toContain('Enter an amount like 9.99'));
    // A comma is only a thousands separator: "1,00" is refused with the accepted format, never read as 1.00 or 100.
    type('Price ($)', '1,00');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(errorOf('Price ($)')).toContain(COMMA_MESSAGE));
    expect(callsOf(call, 'createProduct')).toEqual([]);
  });

  it('needs a destination for a link product, and shows no price', async () => {
    renderEditor('?new=link', { createProduct: () => testProduct({ id: 'p_new', type: 'link' }) });
    await screen.findByRole('heading', { name: 'New link' });
    expect(screen.queryByLabelText(/Price/)).not.toBeInTheDocument();
    type('Title', 'My kiln');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(errorOf('Destination URL')).toContain(PRODUCT_MESSAGES.linkRequired));
    expect(callsOf(call, 'createProduct')).toEqual([]);

    type('Destination URL', 'https://kilns.example/k1');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(callsOf(call, 'createProduct')).toHaveLength(1));
    expect(callsOf(call, 'createProduct')[0]).toMatchObject({ type: 'link', priceMode: 'free', priceCents: 0, externalUrl: 'https://kilns.example/k1', ctaLabel: 'Visit', status: 'published' });
  });

  it('shows a lead magnet as free with no price controls, and a Files section', async () => {
    renderEditor('?new=lead-magnet');
    await screen.findByRole('heading', { name: 'New lead magnet' });
    expect(screen.getByText(/Lead magnets are free/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Button label')).toHaveAttribute('placeholder', 'Get it free');
    expect(screen.getByRole('heading', { name: 'Files' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('lets a lead magnet publish only once it has a file', async () => {
    const guide = { id: 'f1', name: 'guide.pdf', sizeBytes: 2048, contentType: 'application/pdf', createdAt: '2025-01-01T00:00:00.000Z' };
    const without = testProduct({ id: 'p1', type: 'lead-magnet', priceMode: 'free', priceCents: 0, status: 'draft', files: [] });
    const view = renderEditor('?edit=p1', { getProduct: () => without });
    expect(await screen.findByRole('button', { name: '+ Add files' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByText(PRODUCT_MESSAGES.publishNeedsFile)).toBeInTheDocument();
    view.unmount();

    const withFile = { ...without, files: [guide] };
    renderEditor('?edit=p1', { getProduct: () => withFile, updateProduct: () => ({ ...withFile, status: 'published' }) });
    expect(await screen.findByText('guide.pdf')).toBeInTheDocument();
    expect(screen.queryByText(PRODUCT_MESSAGES.publishNeedsFile)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(callsOf(call, 'updateProduct')).toEqual([{ storeId: store.id, productId: 'p1', status: 'published' }]));
  });

  it('shows the server’s refusal beside the field it is about', async () => {
    renderEditor('?new=digital', {
      createProduct: () => {
        throw new AppError('already-exists', PRODUCT_MESSAGES.slugTaken);
      },
    });
    await screen.findByRole('heading', { name: 'New digital download' });
    type('Title', 'Mug care guide');
    type('Price ($)', '9');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(errorOf('URL')).toContain(PRODUCT_MESSAGES.slugTaken));
  });

  it('saves only what changed, and publishes with a clear action', async () => {
    const product = testProduct({ id: 'p1', status: 'draft', files: [{ id: 'f1', name: 'guide.pdf', sizeBytes: 2048, contentType: 'application/pdf', createdAt: '2025-01-01T00:00:00.000Z' }] });
    renderEditor('?edit=p1', {
      getProduct: () => product,
      updateProduct: (data: Partial<Product>) => ({ ...product, ...data }),
    });
    await screen.findByRole('heading', { name: 'Mug care guide' });
    expect(screen.getByLabelText('Price ($)')).toHaveValue('12.50');
    expect(screen.getByText('guide.pdf')).toBeInTheDocument();
    expect(screen.getByText('2.0 KB')).toBeInTheDocument();

    type('Price ($)', '15');
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(callsOf(call, 'updateProduct')).toEqual([{ storeId: store.id, productId: 'p1', priceCents: 1500 }]));

    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(callsOf(call, 'updateProduct')).toHaveLength(2));
    expect(callsOf(call, 'updateProduct')[1]).toEqual({ storeId: store.id, productId: 'p1', status: 'published' });
    // Seen while the toast is up: a found element checked after the wait could already have left with the toast.
    await waitFor(() => expect(screen.queryAllByText('“Mug care guide” is live.').length).toBeGreaterThan(0));
  });

  it('asks before leaving with unsaved changes', async () => {
    renderEditor('?edit=p1', { getProduct: () => testProduct({ id: 'p1' }), listProducts: () => ({ products: [testProduct({ id: 'p1' })], currency: 'USD' }) });
    await screen.findByRole('heading', { name: 'Mug care guide' });
    type('Subtitle', 'Changed');
    fireEvent.click(screen.getByRole('link', { name: '← All products' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Subtitle')).toHaveValue('Changed');

    fireEvent.click(screen.getByRole('link', { name: '← All products' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('switch', { name: 'Show archived' })).toBeInTheDocument();
  });

  it('shows an archived product read-only', async () => {
    renderEditor('?edit=p1', { getProduct: () => testProduct({ id: 'p1', status: 'archived', salesCount: 2 }) });
    expect(await screen.findByText(/it can no longer be changed/)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(screen.getByRole('button', { name: '+ Add files' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Save|Publish/ })).not.toBeInTheDocument();
  });

  it('shows the server’s message when it refuses to publish', async () => {
    const guide = { id: 'f1', name: 'guide.pdf', sizeBytes: 2048, contentType: 'application/pdf', createdAt: '2025-01-01T00:00:00.000Z' };
    renderEditor('?edit=p1', {
      getProduct: () => testProduct({ id: 'p1', status: 'draft', files: [guide] }),
      updateProduct: () => {
        throw new AppError('failed-precondition', PRODUCT_MESSAGES.publishNeedsFile);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.publishNeedsFile)).toBeInTheDocument();
  });
});

describe('product files', { timeout: 15_000 }, () => {
  const product = testProduct({ id: 'p1', status: 'draft' });
  const file = (name: string, size: number) => new File(['x'.repeat(size)], name, { type: 'application/pdf' });

  beforeEach(() => {
    FakeXhr.requests = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    localStorage.clear();
  });

  it('uploads several files resumably with a progress bar each, and cancels one', async () => {
    renderEditor('?edit=p1', { getProduct: () => product });
    await screen.findByRole('heading', { name: 'Mug care guide' });
    fireEvent.change(screen.getByTestId('product-file-input'), { target: { files: [file('Mug guide.pdf', 100), file('bonus.zip', 50)] } });

    // Each starts with a tus creation naming what the file is for.
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    const [first, second] = FakeXhr.requests as [FakeXhr, FakeXhr];
    expect([first.method, first.url, first.headers['Upload-Length']]).toEqual(['POST', '/api/uploads/resumable', '100']);
    const metadata = Object.fromEntries(first.headers['Upload-Metadata']!.split(',').map((pair) => pair.split(' ')).map(([key, value]) => [key, atob(value!)]));
    expect(metadata).toEqual({ kind: 'productFile', storeId: 'store_1', parentId: 'p1', filename: 'Mug guide.pdf', filetype: 'application/pdf' });
    act(() => first.respond(201, undefined, { Location: '/api/uploads/resumable/aaaa' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(3));
    const patch = FakeXhr.requests[2]!;
    expect([patch.method, patch.url, patch.headers['Upload-Offset']]).toEqual(['PATCH', '/api/uploads/resumable/aaaa', '0']);

    act(() => patch.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading Mug guide.pdf' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('progressbar', { name: 'Uploading bonus.zip' })).toHaveAttribute('aria-valuenow', '0');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload of bonus.zip' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel upload of bonus.zip?' });
    expect(within(confirm).getByRole('button', { name: 'Keep uploading' })).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel upload' }));
    expect(second.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading bonus.zip' })).not.toBeInTheDocument());
    expect(screen.getByText('Upload of bonus.zip cancelled.')).toBeInTheDocument();

    const uploaded = { ...product, files: [{ id: 'f1', name: 'Mug guide.pdf', sizeBytes: 100, contentType: 'application/pdf', createdAt: '2025-01-02T00:00:00.000Z' }] };
    await act(async () => patch.respond(200, uploaded, { 'Upload-Offset': '100' }));
    expect(within(await screen.findByRole('list', { name: 'Files' })).getByText('Mug guide.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Mug guide.pdf uploaded.')).toBeInTheDocument();
  });

  it('goes on after a dropped connection from the offset the server has', async () => {
    renderEditor('?edit=p1', { getProduct: () => product });
    await screen.findByRole('heading', { name: 'Mug care guide' });
    fireEvent.change(screen.getByTestId('product-file-input'), { target: { files: [file('Mug guide.pdf', 100)] } });
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    act(() => FakeXhr.requests[0]!.respond(201, undefined, { Location: '/api/uploads/resumable/cccc' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    act(() => FakeXhr.requests[1]!.progress(40, 100));
    act(() => FakeXhr.requests[1]!.fail());

    expect(await screen.findByText(/Connection lost, trying again/)).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(3));
    const head = FakeXhr.requests[2]!;
    expect([head.method, head.url]).toEqual(['HEAD', '/api/uploads/resumable/cccc']);
    act(() => head.respond(200, undefined, { 'Upload-Offset': '40', 'Upload-Length': '100' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(4));
    const resumed = FakeXhr.requests[3]!;
    expect([resumed.method, resumed.headers['Upload-Offset']]).toEqual(['PATCH', '40']);
    act(() => resumed.progress(30, 60));
    await waitFor(() => expect(screen.queryByText(/Connection lost/)).not.toBeInTheDocument());
    const uploaded = { ...product, files: [{ id: 'f1', name: 'Mug guide.pdf', sizeBytes: 100, contentType: 'application/pdf', createdAt: '2025-01-02T00:00:00.000Z' }] };
    await act(async () => resumed.respond(200, uploaded, { 'Upload-Offset': '100' }));
    expect(await screen.findByText('Mug guide.pdf uploaded.')).toBeInTheDocument();
  });

  it('after a reload, offers the unfinished uploads: the same file picked again resumes, another is discarded', async () => {
    const lastModified = 1_700_000_000_000;
    const remember = (name: string, size: number, id: string) =>
      localStorage.setItem(
        `tus::shopfront/productFile/store_1/p1/${name}/application/pdf/${size}/${lastModified}::${id}`,
        JSON.stringify({ size, metadata: { kind: 'productFile', storeId: 'store_1', parentId: 'p1', filename: name, filetype: 'application/pdf' }, creationTime: 'x', uploadUrl: `/api/uploads/resumable/${id}`, parallelUploadUrls: null }),
      );
    remember('Mug guide.pdf', 100, 'dddd');
    remember('bonus.pdf', 50, 'eeee');
    renderEditor('?edit=p1', { getProduct: () => product });
    const offer = await screen.findByRole('region', { name: 'Unfinished uploads' });
    expect(within(offer).getByText('Mug guide.pdf')).toBeInTheDocument();

    fireEvent.click(within(offer).getByRole('button', { name: 'Discard bonus.pdf' }));
    await waitFor(() => expect(FakeXhr.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['DELETE /api/uploads/resumable/eeee']));
    act(() => FakeXhr.requests[0]!.respond(204, undefined));
    await waitFor(() => expect(within(offer).queryByText('bonus.pdf')).not.toBeInTheDocument());

    const same = new File(['x'.repeat(100)], 'Mug guide.pdf', { type: 'application/pdf', lastModified });
    fireEvent.change(screen.getByTestId('product-file-input'), { target: { files: [same] } });
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    expect([FakeXhr.requests[1]!.method, FakeXhr.requests[1]!.url]).toEqual(['HEAD', '/api/uploads/resumable/dddd']);
    expect(screen.queryByRole('region', { name: 'Unfinished uploads' })).not.toBeInTheDocument();
    act(() => FakeXhr.requests[1]!.respond(200, undefined, { 'Upload-Offset': '60', 'Upload-Length': '100' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(3));
    expect([FakeXhr.requests[2]!.method, FakeXhr.requests[2]!.headers['Upload-Offset']]).toEqual(['PATCH', '60']);
  });

  it('uploads a cover with progress and saves its URL with the product', async () => {
    renderEditor('?new=lead-magnet', { createProduct: () => testProduct({ id: 'p_new', type: 'lead-magnet' }) });
    await screen.findByRole('heading', { name: 'New lead magnet' });
    type('Title', 'Glaze cheat sheet');
    fireEvent.change(screen.getByTestId('cover-file-input'), { target: { files: [new File(['png'], 'cover.png', { type: 'image/png' })] } });
    const [request] = FakeXhr.requests as [FakeXhr];
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/stores/store_1/images');
    expect(request.headers['Content-Type']).toBe('image/png');
    act(() => request.progress(3, 4));
    expect(screen.getByRole('progressbar', { name: 'Uploading cover image' })).toHaveAttribute('aria-valuenow', '75');
    await act(async () => request.respond(201, { url: '/files/store_1/cover-abc.webp' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Replace cover' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(callsOf(call, 'createProduct')).toHaveLength(1));
    expect(callsOf(call, 'createProduct')[0]).toMatchObject({ type: 'lead-magnet', priceMode: 'free', priceCents: 0, coverImageUrl: '/files/store_1/cover-abc.webp', ctaLabel: 'Get it free' });
  });

  it('refuses a cover that is not an image without sending it', async () => {
    renderEditor('?new=link');
    await screen.findByRole('heading', { name: 'New link' });
    fireEvent.change(screen.getByTestId('cover-file-input'), { target: { files: [new File(['%PDF'], 'cover.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Please upload a PNG, JPEG, WebP or GIF image.')).toBeInTheDocument();
    expect(FakeXhr.requests).toEqual([]);
  });

  it('shows the server’s refusal for a file', async () => {
    renderEditor('?edit=p1', { getProduct: () => product });
    await screen.findByRole('heading', { name: 'Mug care guide' });
    fireEvent.change(screen.getByTestId('product-file-input'), { target: { files: [file('huge.zip', 10)] } });
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const [request] = FakeXhr.requests as [FakeXhr];
    await act(async () => request.respond(413, { error: { status: 'INVALID_ARGUMENT', message: 'Files must be 512 MB or smaller.' } }));
    expect(await screen.findByText('Files must be 512 MB or smaller.')).toBeInTheDocument();
  });

  it('deletes a file after confirming', async () => {
    const withFile = { ...product, files: [{ id: 'f1', name: 'guide.pdf', sizeBytes: 100, contentType: 'application/pdf', createdAt: '2025-01-02T00:00:00.000Z' }] };
    renderEditor('?edit=p1', { getProduct: () => withFile, deleteProductFile: () => ({ ...withFile, files: [] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete guide.pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Buyers will no longer be able to download it.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(callsOf(call, 'deleteProductFile')).toEqual([{ storeId: store.id, productId: 'p1', fileId: 'f1' }]));
    expect(await screen.findByText('guide.pdf deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Files' })).not.toBeInTheDocument());
  });
});
