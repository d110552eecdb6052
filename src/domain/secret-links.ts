/**
 * Pages whose address is itself the key (spec section 2: a form 'by link', a password reset, a staff
 * member's set-password link, a waitlist offer): whoever reads the address can open them. No third
 * party may be sent such an address; a tag manager (analytics) reads the page's address as it loads,
 * so it does not start on them.
 */
const SECRET_LINK_PAGES = [/^\/form\/[^/]+/, /^\/user\/reset-password\/[^/]+/, /^\/staff\/set-password\/[^/]+/, /^\/waitlist\/offer\/[^/]+/]

export function isSecretLinkPage(pathname: string): boolean {
  return SECRET_LINK_PAGES.some((page) => page.test(pathname))
}
