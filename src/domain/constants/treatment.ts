/**
 * Treatment constants (spec §9 "dilution options ...; default unit values 0.5 to 5 in steps of 0.5;
 * laser hair removal skin types 1 to 6; pulse widths 20, 21, 22; handpieces ET and HS").
 */

export const DILUTION_OPTIONS = ['0.5ml', '0.63ml', '1.0mls', '1.25mls', '2.0mls', '2.5mls', '3.0mls', '4.0mls', '5.0mls', '8.0mls'] as const
export const DEFAULT_UNIT_VALUES: readonly number[] = Array.from({ length: 10 }, (_, i) => (i + 1) * 0.5)
export const LASER_SKIN_TYPES = [1, 2, 3, 4, 5, 6] as const
export const PULSE_WIDTHS = [20, 21, 22] as const
export const HANDPIECES = ['ET', 'HS'] as const
export const DEFAULT_TREATMENT_PHOTOS = ['full face', 'face and neck', 'lips and nose', 'front and back full body'] as const
