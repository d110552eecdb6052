/**
 * Tax (spec §9 "Tax: integer percent, shown 'N% VAT' or 'Exempt (0%)'; tax types '20% VAT' and
 * 'Exempt (0%)'. Course tax: net = sale price/(1+rate), rounded to 2 decimals"). Rates here are
 * always whole percents (20 means 20%), hence the `Percent` names.
 */
import { round2 } from './money'

/** A tax rate as an integer percent: 20 means 20%. */
export type TaxRatePercent = number

export const TAX_TYPES = ['20% VAT', 'Exempt (0%)'] as const
export type TaxType = (typeof TAX_TYPES)[number]

/** 'N% VAT' for a positive rate, 'Exempt (0%)' for zero (or a missing rate). */
export function taxLabel(ratePercent: TaxRatePercent | null | undefined): string {
  const rate = Math.round(ratePercent ?? 0)
  return rate > 0 ? `${rate}% VAT` : 'Exempt (0%)'
}

/** The integer percent a tax label carries: '20% VAT' -> 20, 'Exempt (0%)' -> 0; unknown -> undefined. */
export function taxRatePercentFromLabel(label: string): TaxRatePercent | undefined {
  const match = /^(\d+)% VAT$/.exec(label.trim())
  if (match) return Number(match[1])
  return label.trim() === 'Exempt (0%)' ? 0 : undefined
}

/** Net price of a course: sale / (1 + rate/100), rounded to 2 decimals. */
export function courseNetPrice(salePrice: number, ratePercent: TaxRatePercent): number {
  return round2(salePrice / (1 + ratePercent / 100))
}

/** Tax contained in a gross price: gross - net, rounded to 2 decimals. */
export function taxFromGross(grossPrice: number, ratePercent: TaxRatePercent): number {
  return round2(grossPrice - courseNetPrice(grossPrice, ratePercent))
}
