import { useCasesModule } from './use-cases.module'

export { useCasesModule, type UseCaseClass } from './use-cases.module'
import { GetService, ListCategoriesAndServices, ListCountries, ListCourses, ListLists, ListLocations, LoadLinks, LoadOrganisation, SelectLocation } from './use-cases/catalogue.use-case'
import { GetAvailableDays, GetTimeSlots, ListPractitioners } from './use-cases/availability.use-case'
import { GetNextAvailable } from './use-cases/next-available.use-case'
import {
  CancelAppointment,
  DeletePendingAppointment,
  GetAppointment,
  DownloadAppointmentCalendar,
  HoldAppointment,
  ListMyAppointments,
  RescheduleAppointment,
} from './use-cases/appointments.use-case'
import { ChangePassword, DownloadMyData, EraseMyAccount, ForgotPassword, GetCurrentUser, Login, Logout, Register, ResetPassword, UpdatePersonalDetails } from './use-cases/auth.use-case'
import { BuyCourse, BuyGiftVoucher, CheckPayment, CreateDepositPayment, GetInvoice, GetOpenPaymentSecret, GetOpenPurchase, PayWithCardToken, PollPayment } from './use-cases/payments.use-case'
import { ConfirmBooking } from './use-cases/confirm-booking.use-case'
import { ExtendHeldTime, HoldTime, ReadHeldTime, ReleaseHeldTime } from './use-cases/slot-holds.use-case'
import { AddCard, DeleteCard, ListCards, LoadCardProcessor, RetrieveCardSetup, SetDefaultCard, StartCardSetup } from './use-cases/cards.use-case'
import { ListMyCourses, VerifyCourseAssignment } from './use-cases/courses.use-case'
import { LoadUserForm, SignConsentForm, SubmitFormAnswers, SubmitLead } from './use-cases/forms.use-case'
import { LocateClinic, WatchSession } from './use-cases/session.use-case'
import { DeclineWaitlistOffer, JoinWaitlist, LeaveWaitlist, ListMyWaitlist, ReadWaitlistOffer } from './use-cases/waitlist.use-case'

/** Every use case class by its name (the CLI's commands name them). */
export const useCaseClasses = {
  LoadOrganisation,
  LoadLinks,
  ListLocations,
  SelectLocation,
  ListCategoriesAndServices,
  GetService,
  ListCourses,
  ListPractitioners,
  GetAvailableDays,
  GetTimeSlots,
  GetNextAvailable,
  HoldAppointment,
  DeletePendingAppointment,
  HoldTime,
  ReadHeldTime,
  ReleaseHeldTime,
  ExtendHeldTime,
  CreateDepositPayment,
  PollPayment,
  CheckPayment,
  PayWithCardToken,
  GetOpenPaymentSecret,
  GetOpenPurchase,
  GetInvoice,
  ConfirmBooking,
  RescheduleAppointment,
  CancelAppointment,
  GetAppointment,
  DownloadAppointmentCalendar,
  ListMyAppointments,
  Login,
  Logout,
  Register,
  ForgotPassword,
  ResetPassword,
  ChangePassword,
  GetCurrentUser,
  UpdatePersonalDetails,
  DownloadMyData,
  EraseMyAccount,
  ListCards,
  LoadCardProcessor,
  AddCard,
  DeleteCard,
  SetDefaultCard,
  StartCardSetup,
  RetrieveCardSetup,
  ListMyCourses,
  VerifyCourseAssignment,
  BuyCourse,
  BuyGiftVoucher,
  LoadUserForm,
  SignConsentForm,
  SubmitFormAnswers,
  SubmitLead,
  ListCountries,
  ListLists,
  WatchSession,
  LocateClinic,
  JoinWaitlist,
  ListMyWaitlist,
  LeaveWaitlist,
  ReadWaitlistOffer,
  DeclineWaitlistOffer,
} satisfies Record<string, new (...args: never[]) => { execute: (...args: never[]) => unknown }>


export type UseCaseName = keyof typeof useCaseClasses

/**
 * Every use case, bound to its class. The ports they need (PORTS) come from the adapter modules or
 * the composition root.
 */
export const applicationModule = useCasesModule(Object.values(useCaseClasses))
