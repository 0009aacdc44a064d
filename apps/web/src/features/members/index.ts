export { fetchCustomerSession, type CustomerSession } from './api/fetch-customer-session.ts';
export { useCustomerSession, customerSessionQueryKey } from './hooks/use-customer-session.ts';
export { RequireCustomer } from './components/require-customer.tsx';
export { MEMBERS_PATHS } from './members-paths.ts';
export { CustomerSignupForm } from './components/customer-signup-form.tsx';
