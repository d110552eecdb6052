import { makeAutoObservable } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'

export const TOAST_MS = 3000

export interface Toast {
  id: number
  text: string
  tone: 'error' | 'info' | 'success'
}

/** Toasts bottom-left, each shown for 3 seconds (spec section 9). */
@injectable()
export class ToastViewModel {
  toasts: Toast[] = []
  private nextId = 1

  constructor(@inject(PORTS.Clock) private readonly clock: Clock) {
    makeAutoObservable<ToastViewModel, 'clock'>(this, { clock: false })
  }

  show(text: string, tone: Toast['tone'] = 'error'): void {
    const toast = { id: this.nextId++, text, tone }
    this.toasts.push(toast)
    this.clock.after(TOAST_MS, () => this.dismiss(toast.id))
  }

  dismiss(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id)
  }
}
