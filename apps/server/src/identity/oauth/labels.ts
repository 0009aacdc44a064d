/** Sign-in button labels of the fixed providers, in the order the sign-in screen shows them. */
export const PROVIDER_LABELS = {
  google: 'Google',
  github: 'GitHub',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
} as const;
