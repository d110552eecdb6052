import { Component, type ReactNode } from 'react'
import { Button } from './Button'

interface Props {
  /** Changing it (the path) clears a caught error: another page gets its own chance. */
  resetKey: string
  children: ReactNode
  onReload?: () => void
}

/**
 * A page whose code could not load (offline, or a new release replaced its chunk) or that threw
 * while rendering shows a calm message with 'Reload' instead of a blank screen; the header stays.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey }
  }

  override componentDidCatch(error: unknown): void {
    console.error('The page could not be shown', error)
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    const reload = this.props.onReload ?? (() => window.location.reload())
    return (
      <section role="alert" style={{ textAlign: 'center', padding: '3rem 1rem' }}>
        <h1>This page could not be loaded</h1>
        <p>Please check your connection, then reload the page.</p>
        <Button onClick={reload}>Reload</Button>
      </section>
    )
  }
}
