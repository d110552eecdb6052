/**
 * What can go wrong when a port talks to the API. Adapters produce it; use cases turn it into an
 * AppError with the spec's text (src/application/errors.ts) and the edge (UI toast, CLI exit code)
 * decides how to show it.
 */
export type ApiFailure =
  /** The server answered with a status of 400 or more. `message` is the server's message, else 'Request failed with status {status}'. */
  | {
      readonly _tag: 'HttpError'
      readonly status: number
      readonly message: string
      readonly serverMessage?: string
      /** The server's Retry-After (seconds) on a 503 or 429: when to send the request again. */
      readonly retryAfterSeconds?: number
    }
  /** Network error or timeout: the server never answered. */
  | { readonly _tag: 'Unreachable'; readonly message: string }
  /** The server answered with a status or body the contract does not allow. */
  | { readonly _tag: 'ContractViolation'; readonly detail: string }

export const httpError = (status: number, serverMessage?: string, retryAfterSeconds?: number): ApiFailure => ({
  ...(serverMessage !== undefined && serverMessage !== ''
    ? { _tag: 'HttpError', status, message: serverMessage, serverMessage }
    : { _tag: 'HttpError', status, message: `Request failed with status ${status}` }),
  ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
})

/**
 * The error a use case returns: a tag the edge can map (CLI exit codes: Refused 1, Unreachable and
 * ContractViolation 3) and the text the spec says to show, word for word.
 */
export type AppError =
  /** retryAfterSeconds: the server too busy now (503) says when to send it again; the message names the wait. */
  | { readonly _tag: 'Refused'; readonly status?: number; readonly message: string; readonly retryAfterSeconds?: number }
  /** Another booking holds the time (the server's SLOT_TAKEN): another time must be picked. */
  | { readonly _tag: 'SlotTaken'; readonly status: 409; readonly message: string }
  /** The picked time's hold is no longer the customer's (the server's HOLD_ENDED): as if it ran out. */
  | { readonly _tag: 'HoldLost'; readonly status: 404; readonly message: string }
  /** cause: the transport's own words (ECONNREFUSED, a timeout), for logs and the CLI, not for customers. */
  | { readonly _tag: 'Unreachable'; readonly message: string; readonly cause?: string }
  | { readonly _tag: 'ContractViolation'; readonly message: string }
  /** The caller asked for something that needs a signed-in customer. */
  | { readonly _tag: 'NotSignedIn'; readonly message: string }
  /** The flow was cancelled by the caller (an AbortSignal fired). */
  | { readonly _tag: 'Cancelled'; readonly message: string }
