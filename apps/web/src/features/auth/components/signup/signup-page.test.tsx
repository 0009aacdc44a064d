import { AppError, MESSAGES, SLUG_MAX_LENGTH, STORE_NAME_MAX_LENGTH } from '@shopfront/core';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, currentPath, renderAuth, settle, signedIn } from '../auth-fixtures.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';

const call = fakeFunctions();

const valid = (slug: string) => ({ status: 'valid', slug, popularity: 'low', suggestions: [] });
const taken = (slug: string) => ({
  status: 'error',
  slug,
  message: MESSAGES.slug.taken,
  popularity: 'medium',
  suggestions: [
    { slug: `${slug}-shop`, type: 'category', confidence: 0.8 },
    { slug: `${slug}-2025`, type: 'year', confidence: 0.6 },
  ],
});

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const submitButton = () => screen.getByRole('button', { name: 'Create account' });

async function fillForm(overrides: Partial<Record<'First name' | 'Last name' | 'Store name' | 'Email' | 'Password', string>> = {}) {
  const values = { 'First name': 'Ada', 'Last name': 'Lovelace', 'Store name': 'Cozy Mugs', Email: 'ada@example.com', Password: 'secret1', ...overrides };
  for (const [label, value] of Object.entries(values)) change(label, value);
  await advance(300);
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  answerFunctions(call, { checkSlug: (data: { slug: string }) => valid(data.slug) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('signup form (spec §2, §5)', () => {
  it('keeps submit disabled until every field is valid and the store URL is available', async () => {
    renderAuth('/signup');
    expect(submitButton()).toBeDisabled();
    await fillForm({ Password: '12345' });
    expect(submitButton()).toBeDisabled();
    change('Password', '123456');
    await settle();
    expect(submitButton()).toBeEnabled();
    change('Email', 'ada@example');
    await settle();
    expect(submitButton()).toBeDisabled();
  });

  it('derives the store URL from the store name and checks it 300 ms after the last keystroke', async () => {
    renderAuth('/signup');
    change('Store name', 'C');
    await advance(100);
    change('Store name', 'Cozy');
    await advance(100);
    change('Store name', 'Cozy Mugs!');
    expect(screen.getByTestId('store-url-slug')).toHaveTextContent('cozy-mugs');
    expect(screen.getByText('Checking availability…')).toBeInTheDocument();
    await advance(299);
    expect(callsOf(call, 'checkSlug')).toHaveLength(0);
    await advance(1);
    expect(callsOf(call, 'checkSlug')).toEqual([{ slug: 'cozy-mugs', name: 'Cozy Mugs!' }]);
    await advance(0);
    expect(screen.getByText('This store URL is available')).toBeInTheDocument();
  });

  it('shows a taken URL with suggestions; a suggestion becomes the URL and is checked', async () => {
    answerFunctions(call, { checkSlug: (data: { slug: string }) => (data.slug === 'cozy-mugs' ? taken('cozy-mugs') : valid(data.slug)) });
    renderAuth('/signup');
    await fillForm();
    expect(screen.getByText(MESSAGES.slug.taken)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.validation.storeNameNeedsFix)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Use cozy-mugs-shop' }));
    expect(screen.getByTestId('store-url-slug')).toHaveTextContent('cozy-mugs-shop');
    expect(screen.getByText('Checking availability…')).toBeInTheDocument();
    await advance(300);
    await settle();
    expect(screen.getByText('This store URL is available')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.validation.storeNameNeedsFix)).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('lets the creator edit the URL by hand and go back to the store name', async () => {
    renderAuth('/signup');
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Edit URL' }));
    fireEvent.change(screen.getByLabelText('Store URL'), { target: { value: 'Mugs-By-Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByTestId('store-url-slug')).toHaveTextContent('mugs-by-ada');
    await advance(300);
    expect(callsOf(call, 'checkSlug')).toContainEqual({ slug: 'mugs-by-ada', name: 'Cozy Mugs' });
    fireEvent.click(screen.getByRole('button', { name: 'Use store name' }));
    expect(screen.getByTestId('store-url-slug')).toHaveTextContent('cozy-mugs');
  });

  it('says so when availability cannot be checked', async () => {
    answerFunctions(call, {
      checkSlug: () => {
        throw new AppError('unavailable');
      },
    });
    renderAuth('/signup');
    await fillForm();
    expect(screen.getByText(MESSAGES.slug.checkFailed)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });
});

describe('signup store name and URL limits (core constants)', () => {
  const reserved = (slug: string) => ({ ...taken(slug), message: MESSAGES.slug.reserved });

  it('checks a 99-character store name with the server and accepts it', async () => {
    const name = 'a'.repeat(STORE_NAME_MAX_LENGTH);
    renderAuth('/signup');
    await fillForm({ 'Store name': name });
    expect(callsOf(call, 'checkSlug')).toContainEqual({ slug: 'a'.repeat(SLUG_MAX_LENGTH), name });
    expect(screen.getByText('This store URL is available')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it.each([STORE_NAME_MAX_LENGTH + 1, 400])('says a %i-character store name is too long once, under the name, without asking the server', async (length) => {
    renderAuth('/signup');
    // Typed, not yet left: the message shows at once all the same.
    change('Store name', 'a'.repeat(length));
    await advance(300);
    await settle();
    expect(callsOf(call, 'checkSlug')).toHaveLength(0);
    expect(screen.getAllByText(MESSAGES.validation.storeNameTooLong)).toHaveLength(1);
    expect(screen.getByLabelText('Store name', { exact: true })).toHaveAccessibleDescription(MESSAGES.validation.storeNameTooLong);
    expect(screen.queryByText(MESSAGES.slug.checkFailed)).not.toBeInTheDocument();
    await fillForm({ 'Store name': 'a'.repeat(length) });
    expect(screen.getAllByText(MESSAGES.validation.storeNameTooLong)).toHaveLength(1);
    expect(submitButton()).toBeDisabled();
  });

  it.each(['🎨🎨🎨', '🎨 A'])('says in plain words that the name %j makes no web address, never "Invalid slug format"', async (name) => {
    renderAuth('/signup');
    await fillForm({ 'Store name': name });
    expect(screen.getByText(MESSAGES.validation.storeNameNoAddress)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.slug.invalidFormat)).not.toBeInTheDocument();
    expect(callsOf(call, 'checkSlug')).toHaveLength(0);
    expect(submitButton()).toBeDisabled();
  });

  it("shows the server's refusal message, not 'Unable to check'", async () => {
    answerFunctions(call, {
      checkSlug: () => {
        throw new AppError('invalid-argument', MESSAGES.validation.storeNameTooLong);
      },
    });
    renderAuth('/signup');
    await fillForm();
    expect(screen.getAllByText(MESSAGES.validation.storeNameTooLong).length).toBeGreaterThan(0);
    expect(screen.queryByText(MESSAGES.slug.checkFailed)).not.toBeInTheDocument();
  });

  it.each([
    ['reserved', 'admin', reserved('admin'), MESSAGES.slug.reserved],
    ['taken', 'admin', taken('admin'), MESSAGES.slug.taken],
  ])('says a %s URL is %s', async (_kind, name, answer, message) => {
    answerFunctions(call, { checkSlug: () => answer });
    renderAuth('/signup');
    await fillForm({ 'Store name': name });
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });
});

describe('signup steps (spec §4: form → verify-email → creating-account → success)', () => {
  const happyPath = {
    checkSlug: (data: { slug: string }) => valid(data.slug),
    sendVerificationCode: () => ({ sent: true, cooldownSeconds: 60 }),
    verifyEmailCode: () => ({ verified: true }),
    signUp: () => signedIn(),
    createStoreWithTenant: (data: { storeName: string; slug: string }) => ({ id: 'store_1', slug: data.slug }),
  };

  async function submitAndVerify() {
    await fillForm();
    fireEvent.click(submitButton());
    await settle();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    change('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and create account' }));
    await settle();
  }

  it('sends a signup code, verifies it, creates the account and the store, then goes to /dashboard after 2 s', async () => {
    answerFunctions(call, happyPath);
    const { router } = renderAuth('/signup');
    await submitAndVerify();
    expect(callsOf(call, 'sendVerificationCode')).toEqual([{ email: 'ada@example.com', type: 'signup' }]);
    expect(callsOf(call, 'verifyEmailCode')).toEqual([{ email: 'ada@example.com', code: '123456', type: 'signup' }]);
    expect(callsOf(call, 'signUp')).toEqual([{ email: 'ada@example.com', password: 'secret1', firstName: 'Ada', lastName: 'Lovelace' }]);
    expect(callsOf(call, 'createStoreWithTenant')).toEqual([{ storeName: 'Cozy Mugs', slug: 'cozy-mugs', description: '', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }]);
    expect(screen.getByRole('heading', { name: "You're all set" })).toBeInTheDocument();

    await advance(1_999);
    expect(currentPath(router)).toBe('/signup');
    await advance(1);
    expect(currentPath(router)).toBe('/dashboard');
    expect(screen.getByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
  });

  it('says the account was created but store setup had an issue, and goes on after 3 s', async () => {
    answerFunctions(call, {
      ...happyPath,
      createStoreWithTenant: () => {
        throw new AppError('already-exists', MESSAGES.stores.nameTaken);
      },
    });
    const { router } = renderAuth('/signup');
    await submitAndVerify();
    expect(screen.getByRole('heading', { name: 'Account created' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.screens.storeSetupFailed)).toBeInTheDocument();
    await advance(2_999);
    expect(currentPath(router)).toBe('/signup');
    await advance(1);
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('stays on the form with the message when the code cannot be sent', async () => {
    answerFunctions(call, {
      ...happyPath,
      sendVerificationCode: () => {
        throw new AppError('resource-exhausted', MESSAGES.verification.tooManyRequests);
      },
    });
    renderAuth('/signup');
    await fillForm();
    fireEvent.click(submitButton());
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.verification.tooManyRequests);
    expect(screen.getByRole('heading', { name: 'Create your store' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
  });

  it('shows the maintenance refusal (failed-precondition) from the server mid-flow', async () => {
    const closed = 'New signups are paused while we do some maintenance.';
    answerFunctions(call, {
      ...happyPath,
      sendVerificationCode: () => {
        throw new AppError('failed-precondition', closed);
      },
    });
    renderAuth('/signup');
    await fillForm();
    fireEvent.click(submitButton());
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(closed);
  });

  it('stays on verify-email with the message when the code is wrong', async () => {
    answerFunctions(call, {
      ...happyPath,
      verifyEmailCode: () => {
        throw new AppError('invalid-argument', MESSAGES.verification.invalidCode);
      },
    });
    renderAuth('/signup');
    await submitAndVerify();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.verification.invalidCode);
    expect(callsOf(call, 'signUp')).toHaveLength(0);
  });

  it('returns to verify-email when the account cannot be created, and retries without a new code', async () => {
    let attempts = 0;
    answerFunctions(call, {
      ...happyPath,
      signUp: () => {
        attempts += 1;
        if (attempts === 1) throw new AppError('unavailable');
        return signedIn();
      },
    });
    renderAuth('/signup');
    await submitAndVerify();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.generic.unavailable);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(callsOf(call, 'verifyEmailCode')).toHaveLength(1);
    expect(callsOf(call, 'signUp')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: "You're all set" })).toBeInTheDocument();
  });

  it('goes back to the form with the details kept', async () => {
    answerFunctions(call, happyPath);
    renderAuth('/signup');
    await fillForm();
    fireEvent.click(submitButton());
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByLabelText('Store name')).toHaveValue('Cozy Mugs');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});
