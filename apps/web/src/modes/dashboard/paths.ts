import type { FeatureFlagName } from '@shopfront/core';

/** Spec §2 Dashboard mode. */
export const DASHBOARD_PATHS = {
  root: '/',
  login: '/login',
  emailLink: '/login/email-link',
  signup: '/signup',
  passwordReset: '/password-reset',
  dashboard: '/dashboard',
  storeBuilder: '/dashboard/store-builder',
  products: '/dashboard/products',
  discounts: '/dashboard/products/discounts',
  members: '/dashboard/products/members',
  posts: '/dashboard/products/posts',
  sales: '/dashboard/sales',
  bookings: '/dashboard/bookings',
  bookingsAvailability: '/dashboard/bookings/availability',
  email: '/dashboard/email',
  emailCampaign: '/dashboard/email/campaigns/:campaignId',
  emailAutomation: '/dashboard/email/automations/:automationId',
  settings: '/dashboard/settings',
  customers: '/dashboard/customers',
  affiliates: '/dashboard/affiliates',
  analytics: '/dashboard/analytics',
  admin: '/dashboard/admin',
  websiteBuilder: '/dashboard/website-builder',
  websiteBuilderPage: '/dashboard/website-builder/page/:pageSlug',
  stripeCallback: '/dashboard/settings/payments/stripe/callback',
  billing: '/dashboard/settings/billing',
} as const;

export const DASHBOARD_SECTIONS = [
  { key: 'overview', label: 'Overview', to: DASHBOARD_PATHS.dashboard, icon: 'M4 12l8-8 8 8M6 10v10h12V10', description: 'Your store at a glance.' },
  { key: 'store-builder', label: 'Store builder', to: DASHBOARD_PATHS.storeBuilder, icon: 'M4 9.5 5.5 4h13L20 9.5M4 9.5h16M4 9.5V20h16V9.5', description: 'Design your storefront, pick a theme and preview drafts.' },
  { key: 'products', label: 'Products', to: DASHBOARD_PATHS.products, icon: 'M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10', description: 'Create and manage your digital products.' },
  { key: 'bookings', label: 'Bookings', to: DASHBOARD_PATHS.bookings, icon: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4', description: 'Your coaching calls: who booked when, and the hours buyers can book.' },
  { key: 'sales', label: 'Sales', to: DASHBOARD_PATHS.sales, icon: 'M3 7h18v10H3zM3 11h18', description: 'Orders and revenue.' },
  { key: 'customers', label: 'Customers', to: DASHBOARD_PATHS.customers, icon: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 19a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M21 19a6 6 0 0 0-4-5.6', description: 'The people who bought from you.' },
  { key: 'affiliates', label: 'Affiliates', to: DASHBOARD_PATHS.affiliates, icon: 'M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4', description: 'People who share your products and earn a commission on the sales they bring.' },
  { key: 'email', label: 'Email', to: DASHBOARD_PATHS.email, icon: 'M4 6h16v12H4zM4 7l8 6 8-6', description: 'Write to the people who opted in, and see how it went.' },
  { key: 'analytics', label: 'Analytics', to: DASHBOARD_PATHS.analytics, icon: 'M5 19V11M12 19V5M19 19v-6', description: 'Visits, conversions and sales over time.' },
  { key: 'website-builder', label: 'Website builder', to: DASHBOARD_PATHS.websiteBuilder, icon: 'M4 5h16v14H4zM4 9h16M8 13h5', description: 'Build the pages of your website.' },
  { key: 'settings', label: 'Settings', to: DASHBOARD_PATHS.settings, icon: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0-1.2-2.9H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 2.9-1.2V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9h.1a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z', description: 'Store details, domains and payments.' },
  { key: 'admin', label: 'Admin', to: DASHBOARD_PATHS.admin, icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', description: 'Platform administration (admins only).' },
] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

/** Sections that exist only while a platform feature flag is on: hidden from the nav, refused on the page. */
export const SECTION_FLAGS: Partial<Record<DashboardSection['key'], FeatureFlagName>> = {
  'website-builder': 'websiteBuilder',
  affiliates: 'affiliateProgram',
};
