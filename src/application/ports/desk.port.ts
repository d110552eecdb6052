import type {
  CustomerRecord,
  DeskBookingBody,
  DeskBookingResult,
  DeskCustomerBody,
  DeskServiceOption,
  DeskTime,
  DeskTimesBody,
  StaffNote,
} from '../../contract/desk.routes'
import type { CustomerSummary } from '../../contract/admin.routes'
import type { Customer } from '../../contract/customers.codecs'
import type { CustomerUpdate } from '../../contract/customers.routes'
import type { UserForm } from '../../contract/forms.codecs'
import type { ApiResult } from './api-result'

/** The front desk's calls (src/contract/desk.routes.ts), with the staff token. */
export interface DeskApi {
  createCustomer(body: DeskCustomerBody): ApiResult<CustomerSummary>
  updateCustomer(customerId: string, body: CustomerUpdate): ApiResult<Customer>
  services(location: string): ApiResult<DeskServiceOption[]>
  times(body: DeskTimesBody): ApiResult<DeskTime[]>
  book(body: DeskBookingBody): ApiResult<DeskBookingResult>
  /** A booking waiting for its pay link (any of its appointments) is paid at the clinic instead. */
  payAtClinic(appointmentId: string): ApiResult<DeskBookingResult>
  record(customerId: string): ApiResult<CustomerRecord>
  addNote(customerId: string, text: string): ApiResult<StaffNote>
  form(customerId: string, formId: string): ApiResult<UserForm>
}
