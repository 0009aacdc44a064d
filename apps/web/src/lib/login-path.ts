import { safeReturnPath } from '@shopfront/core';

export const ORIGIN_PARAM = 'origin';

/** `/login?origin=%2Fdashboard%2Fproducts` */
export function loginPathWithOrigin(loginPath: string, origin: string): string {
  return `${loginPath}?${new URLSearchParams({ [ORIGIN_PARAM]: origin }).toString()}`;
}

/** Where to go after sign-in: the remembered origin if it is a safe relative path (SECURITY.md). */
export function returnPathFrom(search: string, fallback: string): string {
  return safeReturnPath(new URLSearchParams(search).get(ORIGIN_PARAM), fallback);
}

/** The creator sign-in routes (dashboard mode; landing mode shares the pages). */
export const LOGIN_PATHS = {
  login: '/login',
  emailLink: '/login/email-link',
  signup: '/signup',
  passwordReset: '/password-reset',
} as const;
