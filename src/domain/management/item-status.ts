/**
 * Item active/archived status per location (spec §4 "Item active/archived (management data):
 * archiving also deactivates; deactivating hides the item online. An item cannot be activated or
 * unarchived at a location if the organisation level disallows it." and §5 "Item change: 'You cannot
 * change this item, it should be activated/unarchived at organisation level'").
 */
import * as E from 'fp-ts/Either'

export interface ItemStatus {
  active: boolean
  archived: boolean
  showOnline: boolean
}

export type ItemStatusError = { _tag: 'ItemDisallowedAtOrganisation'; message: string }

export const ITEM_CHANGE_MESSAGE = 'You cannot change this item, it should be activated/unarchived at organisation level'

/** Applies the cascade: archived => inactive; inactive => hidden online. */
export function normaliseItemStatus(status: ItemStatus): ItemStatus {
  const active = status.active && !status.archived
  return { archived: status.archived, active, showOnline: status.showOnline && active }
}

/** Archives an item (which also deactivates it and hides it online). */
export function archiveItem(status: ItemStatus): ItemStatus {
  return normaliseItemStatus({ ...status, archived: true })
}

/** Deactivates an item (which hides it online). */
export function deactivateItem(status: ItemStatus): ItemStatus {
  return normaliseItemStatus({ ...status, active: false })
}

/**
 * Changes an item's status at a location. Activating or unarchiving is refused when the organisation
 * level has the item inactive or archived. The result is normalised.
 */
export function changeLocationItemStatus(organisation: ItemStatus, current: ItemStatus, requested: ItemStatus): E.Either<ItemStatusError, ItemStatus> {
  const activating = requested.active && !current.active
  const unarchiving = !requested.archived && current.archived
  const orgDisallows = !organisation.active || organisation.archived
  if ((activating || unarchiving) && orgDisallows) return E.left({ _tag: 'ItemDisallowedAtOrganisation', message: ITEM_CHANGE_MESSAGE })
  return E.right(normaliseItemStatus(requested))
}
