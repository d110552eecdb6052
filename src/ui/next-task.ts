/** Resolves in a new task of the event loop (after the browser has rendered what the last one changed). */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
