import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { StaffCustomersViewModel } from './staff-customers.view-model'
import { useCase } from './account.view-model.test-support'
import type { AppError } from '../../application/failure'
import type { CustomerSummary } from '../../contract/admin.routes'

const JO: CustomerSummary = { id: 'd'.repeat(24), email: 'jo@example.com', firstName: 'Jo', surname: 'Bloggs', mobilePhone: '+447700900456' }

function setup(answer: E.Either<AppError, CustomerSummary[]> = E.right([JO])) {
  const find = useCase(async (_q: string) => answer)
  return { vm: new StaffCustomersViewModel(find as never), find }
}

describe('StaffCustomersViewModel', () => {
  it('asks for two characters before searching', async () => {
    const { vm, find } = setup()
    vm.setQuery(' j ')
    await vm.search()
    expect(vm.error).toBe('Enter at least two characters of a name, email or phone.')
    expect(find.execute).not.toHaveBeenCalled()
  })

  it('searches the trimmed query and says how many matched', async () => {
    const { vm, find } = setup()
    vm.setQuery(' bloggs ')
    await vm.search()
    expect(find.execute).toHaveBeenCalledWith('bloggs')
    expect(vm.results).toEqual([JO])
    expect(vm.summary).toBe("1 customer match 'bloggs'.")
    vm.clear()
    expect(vm.results).toEqual([])
    expect(vm.summary).toBeUndefined()
  })

  it("says when nobody matches, and shows the server's message on a failure", async () => {
    const none = setup(E.right([]))
    none.vm.setQuery('nobody')
    await none.vm.search()
    expect(none.vm.summary).toBe("No customer matches 'nobody'.")
    const failing = setup(E.left({ _tag: 'Refused', status: 403, message: 'Your staff role does not allow this.' }))
    failing.vm.setQuery('jo')
    await failing.vm.search()
    expect(failing.vm.error).toBe('Your staff role does not allow this.')
  })
})
