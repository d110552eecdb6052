/**
 * Limits, page sizes, timings and UI sizes (spec §9 "Time hold 5 minutes; pending delete time-out
 * 10 s; payment poll every 3 s then a 3 s delay before thank-you; card setup retry 1000 ms; toast 3 s;
 * form page scroll-to-top 500 ms", "Page sizes ...", "Breakpoints ... Logo ... Avatars ... Signature
 * canvas ... Text area 4 rows. Short string helper cuts at 24 characters", §1 map zoom 15).
 */

export const TIMINGS = {
  holdSeconds: 300,
  pendingDeleteTimeoutMs: 10_000,
  paymentPollMs: 3_000,
  thankYouDelayMs: 3_000,
  cardSetupRetryMs: 1_000,
  toastMs: 3_000,
  scrollToTopMs: 500,
} as const

export const PAGE_SIZES = {
  customerAreaCategories: 15,
  customerAreaServices: 15,
  bookingCategories: 20,
  bookingServices: 20,
  bookingCategoryLimit: 1500,
  customerAppointments: 100,
  infiniteScrollThreshold: 0.99,
  dropdownMaxItems: 10,
  dropdownChipLimit: 3,
  dropdownChipLimitWithLabel: 2,
} as const

export const BREAKPOINTS = { mobile: 576, tablet: 768, desktop: 1200 } as const

export const UI_SIZES = {
  logoHeight: 75,
  logoFallbackWidth: 100,
  avatarLarge: 47,
  avatarSmall: 30,
  signatureCanvasHeight: 300,
  signatureLineWidth: 3,
  signatureDialogSize: 'small',
  signatureConfirmLabel: 'Save',
  textAreaRows: 4,
  blockSizeDefault: 50,
  imageSmall: 75,
  imageMedium: 200,
  mapZoom: 15,
} as const

export const SHORT_STRING_LENGTH = 24
