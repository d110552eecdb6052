import type { CustomerUpdate } from '../../contract/customers.routes'
import type { CustomerDataExport, ErasureReceipt } from '../../contract/privacy.routes'
import type { Customer } from '../../contract/customers.codecs'
import type { ApiResult } from './api-result'

/** The signed-in customer's personal details. */
export interface AccountApi {
  updateCustomer(id: string, body: CustomerUpdate): ApiResult<Customer>
  /** Everything held about the signed-in customer (GET /user/me/export). */
  exportMyData(): ApiResult<CustomerDataExport>
  /** Erases the signed-in customer, confirmed with their password (POST /user/me/erase). */
  eraseMe(password: string): ApiResult<ErasureReceipt>
}
