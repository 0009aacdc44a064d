/**
 * The sign-in screens and the account's security panel: forms with react-hook-form and zod, so
 * they load with their own page (a dynamic import), never with the dashboard's first screen. The
 * session, the route guards and the header's menu are in `./index.ts`.
 */
export { LoginPage } from './components/login/login-page.tsx';
export { EmailLinkPage } from './components/login/email-link-page.tsx';
export { SignupPageBody } from './components/signup/signup-page.tsx';
export { PasswordResetPage } from './components/password-reset/password-reset-page.tsx';
export { SecurityPanel } from './components/account/security-panel.tsx';
