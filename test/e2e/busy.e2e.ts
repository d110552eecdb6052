import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Route } from 'playwright-core'
import { launch, release, open, type Session, sharedServerUrl } from './support/browser'
import { answer, chooseFirstLocation } from './support/flows'

const baseUrl = sharedServerUrl()
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

const BUSY = JSON.stringify({ statusCode: 503, message: 'The service is temporarily unavailable. Please try again in a moment.' })

/**
 * The server sheds this browser's next `times` reads of the practitioners (queries sent as POST: the
 * contract marks them `read`) with 503 + Retry-After: 1 (issue 31), then answers again. Only those:
 * the app's background reads (the links' refresh, 2 s after the start) may fall in the same moment.
 */
async function busyFor(s: Session, times: number): Promise<string[]> {
  const shed: string[] = []
  await s.page.route('**/api/practitioners/**', async (route: Route) => {
    if (shed.length >= times) return route.fallback()
    shed.push(new URL(route.request().url()).pathname)
    await route.fulfill({ status: 503, headers: { 'retry-after': '1', 'content-type': 'application/json' }, body: BUSY })
  })
  return shed
}

describe('the server busy for a moment (503 + Retry-After)', () => {
  it("the page says it is trying again, then carries on by itself: no error, no 'Try again' to press", async () => {
    const s = await open(browser, 'busy')
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    // Give the wizard a moment to fetch the later steps' code, as a customer reading the list would.
    await page.waitForTimeout(1500)

    const shed = await busyFor(s, 2)
    await page.locator('section ul li button', { hasText: 'Cheek filler' }).first().click()
    await page.getByRole('status').getByText('The service is busy. Trying again in 1 second…').first().waitFor()
    await s.shot('busy-trying-again')
    // The practitioners came after the waits: the step goes on by itself.
    await answer(s, 'Do you want to book another service?', 'No')
    await page.waitForSelector('h1:has-text("Choose a date and time")')
    expect(shed.length).toBe(2)
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0)
    expect(await page.getByText('Something went wrong').count()).toBe(0)
    // Only the shed answers were errors.
    expect(s.problems.filter((p) => !p.includes('503'))).toEqual([])
    await s.context.close()
  }, 90_000)
})
