/** States and choices the wizard's tests share. */
import { initialWizardState, type WizardItem, type WizardState } from './state'
import type { HeldTimeKey } from '../hold'

export const CLINIC = '64b000000000000000000001'
export const OTHER_CLINIC = '64b000000000000000000002'
export const MASSAGE = { id: '64c000000000000000000001', categoryId: '64d000000000000000000001', defaultPrice: 40 }
export const FACIAL = { id: '64c000000000000000000002', categoryId: '64d000000000000000000002', defaultPrice: 30, bookingDepositType: 'fixed amount', bookingDepositAmount: 10 }
export const COURSE = { id: '64c000000000000000000003', categoryId: '64d000000000000000000003', defaultPrice: 100, salePrice: 90 }
export const ANN = { id: '64e000000000000000000001', grossPrice: 50 }
export const BOB = { id: '64e000000000000000000002' }
export const KEY: HeldTimeKey = { id: '65a000000000000000000001', token: 'abcdefghijklmnop' }
export const OTHER_KEY: HeldTimeKey = { id: '65a000000000000000000002', token: 'qrstuvwxyzABCDEF' }
export const T1 = { start: '2026-12-02T10:00:00.000Z', end: '2026-12-02T11:00:00.000Z' }
export const T2 = { start: '2026-12-02T11:00:00.000Z', end: '2026-12-02T11:30:00.000Z' }

export const item = (service: WizardItem['service'], extra: Partial<WizardItem> = {}): WizardItem => ({ kind: 'service', service, anyStaff: false, ...extra })

/** The wizard at `step` of the clinic with `extra` on top. */
export const at = (step: WizardState['step'], extra: Partial<WizardState> = {}): WizardState => ({ ...initialWizardState, locationId: CLINIC, step, ...extra })

/** Massage with Ann at 10:00 (held) and a facial with anyone after it, on the time step of 2 December. */
export const heldTwo = (extra: Partial<WizardState> = {}): WizardState =>
  at('time', {
    basket: [item(MASSAGE, { staff: ANN, ...T1 }), item(FACIAL, { anyStaff: true, staff: BOB, ...T2 })],
    activeIndex: 1,
    date: '2026-12-02',
    hold: { status: 'held', key: KEY, expiresAt: 1_000 },
    ...extra,
  })
