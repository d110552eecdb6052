import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import type { ClinicView } from './views'
import { ListLocations } from '../../application/use-cases/catalogue.use-case'
import { errorText } from './catalogue-views'
import { LazyBooking } from './lazy-booking.view-model'
import { ToastViewModel } from './toast.view-model'

/** Address line under a clinic name: line1, line2, city. */
export function addressLine(clinic: ClinicView): string {
  return [clinic.address.line1, clinic.address.line2, clinic.address.city].filter((p) => p && p.trim() !== '').join(', ')
}

/** Location list (spec section 2 'Location'): one clinic is auto-selected. */
@injectable()
export class LocationsViewModel {
  clinics: ClinicView[] = []
  loading = false
  loaded = false
  failed = false

  constructor(
    @inject(ListLocations) private readonly listLocations: Pick<ListLocations, 'execute'>,
    @inject(LazyBooking) private readonly booking: LazyBooking,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
  ) {
    makeAutoObservable<LocationsViewModel, 'listLocations' | 'booking' | 'toasts'>(this, { listLocations: false, booking: false, toasts: false })
  }

  /** Loads the clinics once; `autoSelect` sends a single clinic straight to /step/{id}. */
  async load(options: { autoSelect: boolean; then?: (clinics: ClinicView[]) => void } = { autoSelect: true }): Promise<void> {
    if (!this.loaded) {
      this.loading = true
      const result = await this.listLocations.execute()
      runInAction(() => {
        this.loading = false
        if (E.isRight(result)) {
          this.clinics = result.right.clinics
          this.loaded = true
          this.failed = false
        } else {
          this.failed = true
          this.toasts.show(errorText(result.left))
        }
      })
    }
    if (options.autoSelect && this.clinics.length === 1) await this.choose(this.clinics[0], true)
    options.then?.(this.clinics)
  }

  find(id: string): ClinicView | undefined {
    return this.clinics.find((c) => c.id === id)
  }

  /** The wizard's move to the clinic's next step (its module loads with the first tap: LazyBooking). */
  async choose(clinic: ClinicView, replace = false): Promise<void> {
    const wizard = await this.booking.load()
    wizard.chooseLocation(clinic, replace)
  }
}
