import type { CustomerUpdate } from '../../contract/customers.routes'
import type { Customer } from '../../contract/customers.codecs'
import type { ApiResult } from './api-result'

/** The signed-in customer's personal details. */
export interface AccountApi {
  updateCustomer(id: string, body: CustomerUpdate): ApiResult<Customer>
}
