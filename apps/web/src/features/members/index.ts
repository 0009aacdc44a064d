/** Spec §2 Members mode: the per-store customer session, sign-in, signup and purchases. */
export { fetchCustomerSession, type CustomerSession } from './api/fetch-customer-session.ts';
export { useCustomerSession, customerSessionQueryKey } from './hooks/use-customer-session.ts';
export { useCustomerSignOut, useStoreProfile, purchasesQueryKey, PURCHASES_REFRESH_MS } from './api/members-api.ts';
export { RequireCustomer } from './components/require-customer.tsx';
export { GuestCustomer, afterSignIn } from './components/guest-customer.tsx';
export { MEMBERS_PATHS } from './members-paths.ts';
export { CustomerSignupForm, MemberSignupSchema, type MemberSignup } from './components/customer-signup-form.tsx';
export { CustomerSignupFlow, SIGNUP_STEPS } from './components/customer-signup-flow.tsx';
export { MemberLoginForm } from './components/member-login-form.tsx';
export { ForgotPassword } from './components/forgot-password.tsx';
export { PurchasesSection } from './components/purchases-section.tsx';
export { REFUNDED_TEXT } from './components/purchase-card.tsx';
export { EmailPreferences } from './components/email-preferences.tsx';
export { AffiliateSection, AFFILIATE_TEXT } from './components/affiliate/affiliate-section.tsx';
export { COPIED_TEXT } from './components/affiliate/copy-field.tsx';
export { APPROVAL_REQUIRED_TEXT } from './components/affiliate/affiliate-terms.tsx';
export { PaymentPlansSection } from './components/payment-plans/payment-plans-section.tsx';
