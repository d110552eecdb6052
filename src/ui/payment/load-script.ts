/**
 * Loads a third party's browser script once (Stripe.js, Square's Web Payments SDK) when a card form
 * first needs it, never with the app: the first view stays small and the processor is not contacted
 * by customers who never reach a payment.
 */
const loading = new Map<string, Promise<void>>()

export function loadScript(src: string): Promise<void> {
  let promise = loading.get(src)
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = src
      script.async = true
      script.onload = () => resolve()
      script.onerror = () => {
        loading.delete(src)
        script.remove()
        reject(new Error(`Could not load ${src}`))
      }
      document.head.appendChild(script)
    })
    loading.set(src, promise)
  }
  return promise
}
