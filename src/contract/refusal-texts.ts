/**
 * The server's texts for the refusals a client tells apart (issue 27): the server sends them, the
 * client's errors recognise them (src/application/errors.ts) and the view models match their case.
 */

/** A booking or a picked time whose time another booking holds (409). */
export const SLOT_TAKEN = 'Sorry, this time is no longer available. Please choose another time.'

/** A picked time's hold that is no longer the customer's: ended, released or never theirs (404). */
export const HOLD_ENDED = 'This time is no longer held for you. Please choose your time again.'
