/**
 * Every user-facing message of the spec, by area, exact texts.
 * Spec §8 lists two items in lower case right after their heading ("Auth: no account found…",
 * "Generic: invalid argument"); we capitalise the first letter and keep every other character,
 * including the spec's punctuation (some texts end in a full stop, some do not).
 */
export const MESSAGES = deepFreeze({
  /** Spec §8 Auth. SECURITY: sign-in answers `invalidCredentials` for unknown email and wrong password alike. */
  auth: {
    userNotFound: 'No account found with this email address.',
    wrongPassword: 'Incorrect password.',
    invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
    emailAlreadyInUse: 'An account already exists with this email address.',
    weakPassword: 'Password should be at least 6 characters long.',
    invalidEmail: 'Please enter a valid email address.',
    userDisabled: 'This account has been disabled.',
    tooManyAttempts: 'Too many failed attempts. Please try again later.',
  },
  /** Spec §8 Admin. */
  admin: {
    permissionDenied: 'You do not have permission to perform this admin action.',
    unauthenticated: 'Please sign in to perform admin actions.',
    userNotFound: 'User not found.',
    unavailable: 'Admin action cannot be completed at this time.',
    invalidArgument: 'Invalid request data provided.',
    default: 'Admin action failed.',
    /** Ours, not §8: an admin whose session has not proved a second factor (SECURITY "admin MFA"). */
    mfaRequired: 'Admin actions need two-step verification: turn on an authenticator app in Settings, or sign in again with the one you have.',
  },
  /** Spec §8 Verification. */
  verification: {
    invalidCode: 'Invalid email or verification code',
    codeNotFound: 'Verification code not found or expired',
    alreadyVerified: 'Email already verified',
    tooManyAttempts: 'Too many verification attempts. Please try again later.',
    timedOut: 'Verification timed out. Please try again.',
    codeExpired: 'Verification code has expired',
    emailServiceUnavailable: 'Email service temporarily unavailable',
    tooManyRequests: 'Too many requests. Please wait before trying again.',
    failed: 'Email verification failed.',
  },
  /** Spec §8 Stores, plus §6's ownership message. */
  stores: {
    permissionDenied: "You don't have permission to perform this action",
    invalidData: 'Invalid store data provided',
    nameTaken: 'A store with this name already exists',
    limitReached: "You've reached your store limit. Upgrade your plan to create more stores",
    notFound: 'Store not found',
    unauthenticated: 'Please sign in to manage stores.',
    accessDenied: 'You do not have permission to access this store',
  },
  /** Spec §5 slug messages. */
  slug: {
    invalidFormat: 'Invalid slug format. Use only lowercase letters, numbers, and hyphens.',
    taken: 'This store URL is already taken. Please choose another.',
    checkFailed: 'Unable to check URL availability. Please try again.',
    /** Ours: the spec has no reserved-word message; a reserved word is not someone else's store. */
    reserved: 'This store URL is reserved. Please choose another.',
  },
  /** Spec §5 form rules; the ones the spec does not word are ours, in the same voice. */
  validation: {
    invalidEmail: 'Please enter a valid email address',
    passwordRequired: 'Password is required',
    passwordsDoNotMatch: 'Passwords do not match',
    passwordTooShort: 'Password must be at least 6 characters',
    passwordTooLong: 'Password must be at most 128 characters',
    storeNameRequired: 'Store name is required',
    storeNameTooLong: 'Store name must be less than 100 characters',
    storeNameNeedsFix: 'Please fix the store name issues before continuing',
    /** A name with too few letters or digits to make a web address from (an emoji-only name): ours, in plain words. */
    storeNameNoAddress: "Your store's web address is made from the letters and numbers in its name. Add a word, or choose the address with Edit URL.",
    storeDescriptionTooLong: 'Description must be less than 500 characters',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    nameTooLong: 'Name must be less than 100 characters',
    verificationCodeInvalid: 'Please enter the 6-digit code',
  },
  /** Spec §8 generic function errors (error-codes.ts DEFAULT_MESSAGE_BY_CODE uses these). */
  generic: {
    invalidArgument: 'Invalid argument',
    unauthenticated: 'Please sign in to perform this action',
    permissionDenied: "You don't have permission to perform this action",
    notFound: 'The requested resource was not found',
    unavailable: 'Service temporarily unavailable. Please try again.',
    timedOut: 'Request timed out. Please try again.',
    alreadyExists: 'Resource already exists',
    failedPrecondition: 'Operation cannot be completed',
    internal: 'An unexpected error occurred.',
  },
  /** Spec §2 and §8 screens and notices; the spec names them, the body texts are ours. */
  screens: {
    errorTitle: 'Something went wrong',
    reloadPage: 'Reload Page',
    storeNotFound: 'Store Not Found',
    websiteNotFound: 'Website Not Found',
    staleChunk: 'A new version is available. Please refresh the page.',
    storeSetupFailed:
      'Your account was created, but there was an issue setting up your store. You can finish it from your dashboard.',
    signupsClosed: 'New signups are paused while we do some maintenance.',
    /** Signups closed by an admin (allowSignups off) without maintenance. */
    signupsNotOpen: 'New signups are closed for now.',
    checkAgain: 'Check Again',
    emulatorBanner: 'Running in emulator mode. Do not use production credentials.',
  },
  /** Publishing rules for products (ours, not the spec's): what a buyer would otherwise miss. */
  publishing: {
    needsFile: 'Add at least one file before publishing: buyers download it right after checkout.',
    onlyDownloadsHaveFiles: 'Only digital downloads, lead magnets and memberships have files.',
  },
  /** The website builder (ours, not the spec's): page and block rules the creator can fix. */
  website: {
    pageNotFound: 'Page not found',
    titleRequired: 'Page title is required',
    titleTooLong: 'Page title must be at most 80 characters',
    slugInvalid: 'Page URL may use only lowercase letters, numbers and single hyphens (1–60 characters)',
    slugTaken: 'Another page of this website already uses this URL',
    slugReserved: 'The URL "home" belongs to the home page',
    homeSlugFixed: 'The home page keeps the URL "home"',
    homeNotDeletable: 'The home page cannot be deleted',
    seoTitleTooLong: 'SEO title must be at most 70 characters',
    seoDescriptionTooLong: 'SEO description must be at most 160 characters',
    tooManyPages: 'A website can have at most 50 pages',
    pageTooLarge: 'This page is too large to save. Remove some blocks or text.',
    tooManyBlocks: 'A page can have at most 200 blocks',
    linkInvalid: 'Links must start with https://, http://, mailto: or /',
    imageInvalid: 'Images must be uploaded images or https:// addresses',
    videoInvalid: 'Enter a YouTube or Vimeo link',
    versionNotFound: 'Version not found',
    reorderMismatch: 'The list must name each of the website’s pages once',
    subscribed: 'Thanks! You are subscribed.',
  },
});

export type MessageArea = keyof typeof MESSAGES;

function deepFreeze<T extends Record<string, Record<string, string>>>(value: T): T {
  for (const area of Object.values(value)) Object.freeze(area);
  return Object.freeze(value);
}
