import type { z } from 'zod';
import * as auth from './auth.ts';
import * as domains from './domains.ts';
import * as stores from './stores.ts';
import * as storefront from './storefront.ts';
import * as system from './system.ts';
import * as products from './products.ts';
import * as checkout from './checkout.ts';
import * as upsell from './upsell.ts';
import * as paymentPlans from './payment-plans.ts';
import * as orders from './orders.ts';
import * as customers from './customers.ts';
import * as members from './members.ts';
import * as discounts from './discounts.ts';
import * as notifications from './notifications.ts';
import * as storeTimeZone from './store-time-zone.ts';
import * as admin from './admin.ts';
import * as billing from './billing.ts';
import * as platformConfig from './platform-config.ts';
import * as email from './email.ts';
import * as website from './website.ts';
import * as analytics from './analytics.ts';
import * as membershipMetrics from './membership-metrics.ts';
import * as affiliates from './affiliates.ts';
import * as testClock from './test-clock.ts';
import * as memberMemberships from './member-memberships.ts';
import * as memberships from './memberships.ts';
import * as membershipPosts from './membership-posts.ts';
import * as automations from './automations.ts';
import * as courses from './courses.ts';
import * as memberCourses from './member-courses.ts';
import * as bookings from './bookings.ts';
import * as bookingList from './booking-list.ts';
import * as memberBookings from './member-bookings.ts';

export { defineFunction, type FunctionAccess, type FunctionContract } from './define.ts';
export * from './system.ts';
export * from './auth.ts';
export * from './stores.ts';
export * from './domains.ts';
export * from './storefront.ts';
export * from './products.ts';
export * from './checkout.ts';
export * from './upsell.ts';
export * from './payment-plans.ts';
export * from './orders.ts';
export * from './customers.ts';
export * from './members.ts';
export * from './discounts.ts';
export * from './notifications.ts';
export * from './store-time-zone.ts';
export * from './admin.ts';
export * from './billing.ts';
export * from './platform-config.ts';
export * from './email.ts';
export * from './website.ts';
export * from './analytics.ts';
export * from './membership-metrics.ts';
export * from './affiliates.ts';
export * from './test-clock.ts';
export * from './member-memberships.ts';
export * from './memberships.ts';
export * from './membership-posts.ts';
export * from './automations.ts';
export * from './courses.ts';
export * from './member-courses.ts';
export * from './bookings.ts';
export * from './booking-list.ts';
export * from './member-bookings.ts';

/** Every callable function, by name. Server registration and the web client are typed from this. */
export const contracts = {
  testFunction: system.testFunction,
  lookupStore: system.lookupStore,
  getPlatformStatus: system.getPlatformStatus,
  testCreateStoreSimple: system.testCreateStoreSimple,
  checkSlug: stores.checkSlug,
  createStoreWithTenant: stores.createStoreWithTenant,
  createAdditionalStore: stores.createAdditionalStore,
  getStore: stores.getStore,
  listMyStores: stores.listMyStores,
  switchActiveStore: stores.switchActiveStore,
  deleteStoreAndTenant: stores.deleteStoreAndTenant,
  exportStoreData: stores.exportStoreData,
  createTenant: stores.createTenant,
  deleteTenant: stores.deleteTenant,
  getTenantInfo: stores.getTenantInfo,
  getStoreStats: stores.getStoreStats,
  getStoreDraft: stores.getStoreDraft,
  saveStoreDraft: stores.saveStoreDraft,
  publishStoreDraft: stores.publishStoreDraft,
  discardStoreDraft: stores.discardStoreDraft,
  addCustomDomain: domains.addCustomDomain,
  verifyCustomDomain: domains.verifyCustomDomain,
  removeCustomDomain: domains.removeCustomDomain,
  setBioSubdomain: domains.setBioSubdomain,
  getStoreDomains: domains.getStoreDomains,
  getStorefront: storefront.getStorefront,
  sendVerificationCode: auth.sendVerificationCode,
  resendVerificationCode: auth.resendVerificationCode,
  verifyEmailCode: auth.verifyEmailCode,
  signUp: auth.signUp,
  signInWithPassword: auth.signInWithPassword,
  completeMfaSignIn: auth.completeMfaSignIn,
  signOut: auth.signOut,
  getCurrentUser: auth.getCurrentUser,
  updateProfile: auth.updateProfile,
  confirmPasswordReset: auth.confirmPasswordReset,
  sendSignInLink: auth.sendSignInLink,
  signInWithEmailLink: auth.signInWithEmailLink,
  getAuthProviders: auth.getAuthProviders,
  startTotpEnrollment: auth.startTotpEnrollment,
  confirmTotpEnrollment: auth.confirmTotpEnrollment,
  disableTotp: auth.disableTotp,
  completeMfaSignInWithRecoveryCode: auth.completeMfaSignInWithRecoveryCode,
  regenerateRecoveryCodes: auth.regenerateRecoveryCodes,
  getRecoveryCodeStatus: auth.getRecoveryCodeStatus,
  initializeFirstAdmin: auth.initializeFirstAdmin,
  checkAdminStatus: auth.checkAdminStatus,
  createProduct: products.createProduct,
  updateProduct: products.updateProduct,
  deleteProduct: products.deleteProduct,
  getProduct: products.getProduct,
  listProducts: products.listProducts,
  reorderProducts: products.reorderProducts,
  deleteProductFile: products.deleteProductFile,
  createCheckout: checkout.createCheckout,
  getCheckoutStatus: checkout.getCheckoutStatus,
  acceptUpsell: upsell.acceptUpsell,
  listMyPaymentPlans: paymentPlans.listMyPaymentPlans,
  replaceMyPlanCard: paymentPlans.replaceMyPlanCard,
  getOrderPaymentPlan: paymentPlans.getOrderPaymentPlan,
  openMyPlanBillingPortal: paymentPlans.openMyPlanBillingPortal,
  declineUpsell: upsell.declineUpsell,
  acceptDownsell: upsell.acceptDownsell,
  declineDownsell: upsell.declineDownsell,
  getPaymentSettings: checkout.getPaymentSettings,
  updatePaymentSettings: checkout.updatePaymentSettings,
  startStripeConnect: checkout.startStripeConnect,
  completeStripeConnect: checkout.completeStripeConnect,
  disconnectStripe: checkout.disconnectStripe,
  listOrders: orders.listOrders,
  getOrder: orders.getOrder,
  refundOrder: orders.refundOrder,
  getDownloadLimit: orders.getDownloadLimit,
  setDownloadLimit: orders.setDownloadLimit,
  createStoreCustomer: customers.createStoreCustomer,
  getStoreCustomers: customers.getStoreCustomers,
  searchStoreCustomers: customers.searchStoreCustomers,
  updateStoreCustomer: customers.updateStoreCustomer,
  getStoreCustomer: customers.getStoreCustomer,
  sendCustomerCode: members.sendCustomerCode,
  customerSignUp: members.customerSignUp,
  customerSignIn: members.customerSignIn,
  customerResetPassword: members.customerResetPassword,
  customerSignOut: members.customerSignOut,
  getCustomerSession: members.getCustomerSession,
  getMyPurchases: members.getMyPurchases,
  startMembershipCheckout: memberMemberships.startMembershipCheckout,
  listMyMemberships: memberMemberships.listMyMemberships,
  listMyMembershipFiles: memberMemberships.listMyMembershipFiles,
  cancelMyMembership: memberMemberships.cancelMyMembership,
  resumeMyMembership: memberMemberships.resumeMyMembership,
  pauseMyMembership: memberMemberships.pauseMyMembership,
  unpauseMyMembership: memberMemberships.unpauseMyMembership,
  previewMembershipChange: memberMemberships.previewMembershipChange,
  changeMyMembershipTier: memberMemberships.changeMyMembershipTier,
  replaceMyMembershipCard: memberMemberships.replaceMyMembershipCard,
  openMembershipBillingPortal: memberMemberships.openMembershipBillingPortal,
  listMembershipTiers: memberships.listMembershipTiers,
  createMembershipTier: memberships.createMembershipTier,
  updateMembershipTier: memberships.updateMembershipTier,
  reorderMembershipTiers: memberships.reorderMembershipTiers,
  archiveMembershipTier: memberships.archiveMembershipTier,
  setMembershipTierCourses: memberships.setMembershipTierCourses,
  setMembershipTierFiles: memberships.setMembershipTierFiles,
  moveTierMembersToCurrentPrice: memberships.moveTierMembersToCurrentPrice,
  listMembers: memberships.listMembers,
  exportMembersCsv: memberships.exportMembersCsv,
  cancelMember: memberships.cancelMember,
  refundMemberLastPayment: memberships.refundMemberLastPayment,
  listMembershipPosts: membershipPosts.listMembershipPosts,
  getMembershipPost: membershipPosts.getMembershipPost,
  createMembershipPost: membershipPosts.createMembershipPost,
  updateMembershipPost: membershipPosts.updateMembershipPost,
  publishMembershipPost: membershipPosts.publishMembershipPost,
  unpublishMembershipPost: membershipPosts.unpublishMembershipPost,
  deleteMembershipPost: membershipPosts.deleteMembershipPost,
  listMyMembershipPosts: membershipPosts.listMyMembershipPosts,
  getMyMembershipPost: membershipPosts.getMyMembershipPost,
  setMembershipPostTitlesShown: membershipPosts.setMembershipPostTitlesShown,
  previewMembershipPostEmail: membershipPosts.previewMembershipPostEmail,
  emailMembershipPost: membershipPosts.emailMembershipPost,
  listAutomations: automations.listAutomations,
  getAutomation: automations.getAutomation,
  createAutomation: automations.createAutomation,
  updateAutomation: automations.updateAutomation,
  setAutomationStatus: automations.setAutomationStatus,
  deleteAutomation: automations.deleteAutomation,
  sendAutomationStepTest: automations.sendAutomationStepTest,
  listSignupForms: automations.listSignupForms,
  getCourseOutline: courses.getCourseOutline,
  createCourseSection: courses.createCourseSection,
  renameCourseSection: courses.renameCourseSection,
  deleteCourseSection: courses.deleteCourseSection,
  setSectionDrip: courses.setSectionDrip,
  reorderCourseOutline: courses.reorderCourseOutline,
  getCourseLesson: courses.getCourseLesson,
  createCourseLesson: courses.createCourseLesson,
  updateCourseLesson: courses.updateCourseLesson,
  deleteCourseLesson: courses.deleteCourseLesson,
  deleteLessonFile: courses.deleteLessonFile,
  listCourseStudents: courses.listCourseStudents,
  unlockCourseForStudent: courses.unlockCourseForStudent,
  setCourseCertificate: courses.setCourseCertificate,
  listMyCourses: memberCourses.listMyCourses,
  getMyCourse: memberCourses.getMyCourse,
  getMyLesson: memberCourses.getMyLesson,
  getPreviewLesson: memberCourses.getPreviewLesson,
  recordLessonProgress: memberCourses.recordLessonProgress,
  markLessonComplete: memberCourses.markLessonComplete,
  setMyCourseEmails: memberCourses.setMyCourseEmails,
  getCourseSyllabus: memberCourses.getCourseSyllabus,
  getCallSettings: bookings.getCallSettings,
  updateCallSettings: bookings.updateCallSettings,
  getAvailability: bookings.getAvailability,
  setAvailability: bookings.setAvailability,
  listAvailabilityOverrides: bookings.listAvailabilityOverrides,
  setAvailabilityOverride: bookings.setAvailabilityOverride,
  deleteAvailabilityOverride: bookings.deleteAvailabilityOverride,
  listHolidays: bookings.listHolidays,
  addHoliday: bookings.addHoliday,
  deleteHoliday: bookings.deleteHoliday,
  listBookings: bookingList.listBookings,
  exportBookingsCsv: bookingList.exportBookingsCsv,
  cancelCallBooking: bookingList.cancelCallBooking,
  rescheduleCallBooking: bookingList.rescheduleCallBooking,
  markBookingNoShow: bookingList.markBookingNoShow,
  setBookingMeetingLink: bookingList.setBookingMeetingLink,
  getCallOpenSlots: bookingList.getCallOpenSlots,
  getBookingFeedStatus: bookingList.getBookingFeedStatus,
  createBookingFeedUrl: bookingList.createBookingFeedUrl,
  revokeBookingFeedUrl: bookingList.revokeBookingFeedUrl,
  listCalendarSources: bookings.listCalendarSources,
  addCalendarSource: bookings.addCalendarSource,
  removeCalendarSource: bookings.removeCalendarSource,
  getOpenSlots: memberBookings.getOpenSlots,
  listMyBookings: memberBookings.listMyBookings,
  rescheduleMyBooking: memberBookings.rescheduleMyBooking,
  cancelMyBooking: memberBookings.cancelMyBooking,
  bookMyPackageSession: memberBookings.bookMyPackageSession,
  listDiscountCodes: discounts.listDiscountCodes,
  createDiscountCode: discounts.createDiscountCode,
  updateDiscountCode: discounts.updateDiscountCode,
  deleteDiscountCode: discounts.deleteDiscountCode,
  previewDiscount: discounts.previewDiscount,
  getSaleNotifications: notifications.getSaleNotifications,
  updateSaleNotifications: notifications.updateSaleNotifications,
  getStoreTimeZone: storeTimeZone.getStoreTimeZone,
  updateStoreTimeZone: storeTimeZone.updateStoreTimeZone,
  setUserAdminStatus: admin.setUserAdminStatus,
  getAdminUsers: admin.getAdminUsers,
  getAdminAuditLog: admin.getAdminAuditLog,
  searchAdminUsers: admin.searchAdminUsers,
  getAdminUser: admin.getAdminUser,
  deactivateUser: admin.deactivateUser,
  reactivateUser: admin.reactivateUser,
  unlockUserMfa: admin.unlockUserMfa,
  unpublishStoreForAbuse: admin.unpublishStoreForAbuse,
  restoreStore: admin.restoreStore,
  getPlatformStats: admin.getPlatformStats,
  getRegionStatus: admin.getRegionStatus,
  getBilling: billing.getBilling,
  startPlanCheckout: billing.startPlanCheckout,
  changePlan: billing.changePlan,
  choosePublishedStores: billing.choosePublishedStores,
  openBillingPortal: billing.openBillingPortal,
  listInvoices: billing.listInvoices,
  getPlanPrices: billing.getPlanPrices,
  setPlanPrice: billing.setPlanPrice,
  getMaintenanceConfig: platformConfig.getMaintenanceConfig,
  setMaintenanceMode: platformConfig.setMaintenanceMode,
  setAllowSignups: platformConfig.setAllowSignups,
  getFeatureFlags: platformConfig.getFeatureFlags,
  setFeatureFlag: platformConfig.setFeatureFlag,
  getEmailSettings: email.getEmailSettings,
  updateEmailSettings: email.updateEmailSettings,
  enableStoreEmail: email.enableStoreEmail,
  retryEmailSubaccountCreation: email.retryEmailSubaccountCreation,
  retryWebhookCreation: email.retryWebhookCreation,
  listEmailSegments: email.listEmailSegments,
  countSegmentRecipients: email.countSegmentRecipients,
  createEmailSegment: email.createEmailSegment,
  updateEmailSegment: email.updateEmailSegment,
  deleteEmailSegment: email.deleteEmailSegment,
  previewContactImport: email.previewContactImport,
  importContacts: email.importContacts,
  listEmailCampaigns: email.listEmailCampaigns,
  getEmailCampaign: email.getEmailCampaign,
  createEmailCampaign: email.createEmailCampaign,
  updateEmailCampaign: email.updateEmailCampaign,
  deleteEmailCampaign: email.deleteEmailCampaign,
  previewEmailCampaign: email.previewEmailCampaign,
  sendTestEmail: email.sendTestEmail,
  scheduleEmailCampaign: email.scheduleEmailCampaign,
  cancelEmailCampaign: email.cancelEmailCampaign,
  stopEmailCampaign: email.stopEmailCampaign,
  getMemberEmailPreferences: email.getMemberEmailPreferences,
  updateMemberEmailPreferences: email.updateMemberEmailPreferences,
  listWebsitePages: website.listWebsitePages,
  getWebsitePage: website.getWebsitePage,
  createWebsitePage: website.createWebsitePage,
  updateWebsitePage: website.updateWebsitePage,
  saveWebsitePageDraft: website.saveWebsitePageDraft,
  publishWebsitePage: website.publishWebsitePage,
  unpublishWebsitePage: website.unpublishWebsitePage,
  discardWebsitePageDraft: website.discardWebsitePageDraft,
  reorderWebsitePages: website.reorderWebsitePages,
  duplicateWebsitePage: website.duplicateWebsitePage,
  deleteWebsitePage: website.deleteWebsitePage,
  listWebsitePageVersions: website.listWebsitePageVersions,
  restoreWebsitePageVersion: website.restoreWebsitePageVersion,
  subscribeToStoreEmail: website.subscribeToStoreEmail,
  getPublishedWebsitePage: website.getPublishedWebsitePage,
  getAnalyticsOverview: analytics.getAnalyticsOverview,
  getLiveVisitors: analytics.getLiveVisitors,
  getProductAnalytics: analytics.getProductAnalytics,
  getAdvancedAnalytics: analytics.getAdvancedAnalytics,
  getMembershipMetrics: membershipMetrics.getMembershipMetrics,
  trackAffiliateVisit: affiliates.trackAffiliateVisit,
  trackAffiliateSignup: affiliates.trackAffiliateSignup,
  convertAffiliateReferral: affiliates.convertAffiliateReferral,
  getAffiliateProgram: affiliates.getAffiliateProgram,
  updateAffiliateProgram: affiliates.updateAffiliateProgram,
  setAffiliateProductRate: affiliates.setAffiliateProductRate,
  listAffiliates: affiliates.listAffiliates,
  updateAffiliateStatus: affiliates.updateAffiliateStatus,
  inviteAffiliate: affiliates.inviteAffiliate,
  listAffiliateCommissions: affiliates.listAffiliateCommissions,
  payAffiliate: affiliates.payAffiliate,
  listAffiliatePayouts: affiliates.listAffiliatePayouts,
  advanceAffiliateTestClock: affiliates.advanceAffiliateTestClock,
  getMyAffiliate: affiliates.getMyAffiliate,
  applyAsAffiliate: affiliates.applyAsAffiliate,
  getStoreTestClock: testClock.getStoreTestClock,
  advanceStoreTestClock: testClock.advanceStoreTestClock,
} as const;

export type Contracts = typeof contracts;
export type FunctionName = keyof Contracts;
export type FunctionInput<N extends FunctionName> = z.input<Contracts[N]['input']>;
export type FunctionOutput<N extends FunctionName> = z.output<Contracts[N]['output']>;
