/** Spec section 9: the short string helper cuts at 24 characters with '...'. */
export const SHORT_STRING_LENGTH = 24

/** Keeps the first 24 characters and appends '...' when the text is longer; shorter text is unchanged. */
export const shortString = (value: string | null | undefined, max: number = SHORT_STRING_LENGTH): string => {
  const text = value ?? ''
  return text.length > max ? `${text.slice(0, max)}...` : text
}
