/**
 * The built-in drug list (spec section 3): medicine names of the WHO Model List of Essential
 * Medicines (src/data/README.md). Loaded on first use, in its own chunk, once.
 */
let names: Promise<readonly string[]> | undefined

export function loadDrugList(): Promise<readonly string[]> {
  names ??= import('../../../data/who-essential-medicines.json').then((m) => (m.default ?? m).names as readonly string[])
  return names
}
