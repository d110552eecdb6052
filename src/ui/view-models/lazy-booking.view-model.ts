import { makeObservable, observableRef, runInAction } from 'mobx'
import type { BookingViewModel } from './booking.view-model'

/**
 * The booking wizard's view model as the location list sees it (issue 28): its module (the wizard's
 * domain, ~9 KB gzip) is not needed before a clinic is tapped, so the first view does not load it.
 * `current` is the wizard once it exists, whoever made it (a tap here, a step page): the list's links
 * read its kept query; before that the wizard's state is the initial one, whose kept query is none.
 */
export class LazyBooking {
  current: BookingViewModel | undefined = undefined
  private loading: Promise<BookingViewModel> | undefined

  constructor(private readonly loadWizard: () => Promise<BookingViewModel>) {
    makeObservable<LazyBooking, 'loading' | 'loadWizard'>(this, { current: observableRef, loading: false, loadWizard: false })
  }

  /** The wizard, loaded and made on the first call (tried again after a failed load). */
  load(): Promise<BookingViewModel> {
    if (this.current) return Promise.resolve(this.current)
    this.loading ??= this.loadWizard().then(
      (wizard) => {
        this.made(wizard)
        return wizard
      },
      (error: unknown) => {
        this.loading = undefined
        throw error
      },
    )
    return this.loading
  }

  /** The container made the wizard (for any page): from now on it is `current`. */
  made(wizard: BookingViewModel): void {
    runInAction(() => {
      this.current = wizard
    })
  }
}
