import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { HttpFormsApi, HttpLeadsApi } from './forms.adapter'
import { api, id, testHttp, useNock } from './test-support'

useNock()
const forms = new HttpFormsApi(testHttp())
const form = {
  id: id(40), type: 'medical', isSigned: false, isUpdated: false,
  model: { name: 'Medical history', fields: [{ id: 'f1', type: 'Text', title: 'Allergies' }] },
  customer: { id: id(7), firstName: 'Ann', surname: 'Lee' },
}

describe('HttpFormsApi', () => {
  it('GET /forms/user-form/{id} with and without ?password=', async () => {
    api().get(`/api/forms/user-form/${id(40)}`).reply(200, form)
    api().get(`/api/forms/user-form/${id(40)}`).query({ password: 'pw' }).reply(200, form)
    expect(await forms.userForm(id(40))).toEqual(E.right(form))
    expect(await forms.userForm(id(40), 'pw')).toEqual(E.right(form))
  })

  it('POST sign and update', async () => {
    api().post(`/api/forms/user-form/sign/${id(40)}/public`, { signature: 'data:image/png;base64,AA', password: 'pw' }).reply(200, {})
    api().post(`/api/forms/user-form/update/${id(40)}/public`, { data: { f1: 'None' } }).reply(200, { message: 'saved' })
    expect(await forms.sign(id(40), { signature: 'data:image/png;base64,AA', password: 'pw' })).toEqual(E.right({}))
    expect(await forms.update(id(40), { data: { f1: 'None' } })).toEqual(E.right({ message: 'saved' }))
  })

  it('maps 404 to the server message', async () => {
    api().get(`/api/forms/user-form/${id(41)}`).reply(404, { statusCode: 404, message: 'Form not found.' })
    const result = await forms.userForm(id(41))
    expect(E.isLeft(result) && result.left._tag === 'HttpError' && result.left.status).toBe(404)
  })
})

describe('HttpLeadsApi', () => {
  it('POST /customers-lead?from=customer', async () => {
    const body = { firstName: 'Ann', surname: 'Lee', email: 'a@b.co', marketingTypes: ['Email' as const] }
    api().post('/api/customers-lead', body).query({ from: 'customer' }).reply(200, { id: id(50), status: 'Open', firstName: 'Ann', surname: 'Lee', email: 'a@b.co' })
    const result = await new HttpLeadsApi(testHttp()).create(body)
    expect(E.isRight(result) && result.right.status).toBe('Open')
  })
})
