/** /staff/settings: the organisation's texts and policies, gift voucher values, and embed hosts (issue 29). */
import { makeAutoObservable } from 'mobx'
import { editEmbedHosts, editGiftVoucherValues, editOrganisation } from '../../application/setup/setup-edits'
import type { SetupDocument } from '../../contract/setup-document.codecs'
import type { DEPOSIT_TYPES } from '../../domain/pricing/deposit'
import { numberOf, textOf, type SettingsSession } from './settings-session.view-model'

const emptyForm = () => ({
  name: '',
  thankYouText: '',
  termsAndConditionsText: '',
  homeBannerText: '',
  showHomeBannerText: false,
  lateCancellationPeriod: '',
  lateCancellationChargeValue: '',
  cancellationRules: '',
  bookingDepositType: 'percentage' as (typeof DEPOSIT_TYPES)[number],
  bookingDepositAmount: '',
  sellGiftVoucherOnline: false,
  /** '50, 100, 150' */
  giftVoucherValues: '',
})
export type OrganisationForm = ReturnType<typeof emptyForm>

/** '50, 100.50' -> [50, 100.5] (a word stays, for the codec to name). */
export const amountsOf = (text: string): number[] => text.split(',').map((v) => v.trim()).filter(Boolean).map((v) => numberOf(v)!)

export class OrganisationSettingsViewModel {
  form: OrganisationForm = emptyForm()

  constructor(readonly session: SettingsSession) {
    makeAutoObservable(this, { session: false })
    session.onShow((doc) => this.show(doc))
  }

  private show(doc: SetupDocument): void {
    const s = doc.organisation.settings
    this.form = {
      name: doc.organisation.name,
      thankYouText: s.thankYouText ?? '',
      termsAndConditionsText: s.termsAndConditionsText ?? '',
      homeBannerText: s.homeBannerText ?? '',
      showHomeBannerText: s.showHomeBannerText,
      lateCancellationPeriod: textOf(s.lateCancellationPeriod),
      lateCancellationChargeValue: textOf(s.lateCancellationChargeValue),
      cancellationRules: s.cancellationRules ?? '',
      bookingDepositType: s.bookingDepositType,
      bookingDepositAmount: String(s.bookingDepositAmount),
      sellGiftVoucherOnline: s.sellGiftVoucherOnline,
      giftVoucherValues: s.giftVoucherValues.join(', '),
    }
  }

  set<K extends keyof OrganisationForm>(key: K, value: OrganisationForm[K]): void {
    this.form[key] = value
  }

  async save(): Promise<void> {
    const { giftVoucherValues, ...o } = this.form
    const settings = editOrganisation({
      name: o.name,
      thankYouText: o.thankYouText,
      termsAndConditionsText: o.termsAndConditionsText,
      homeBannerText: o.homeBannerText,
      showHomeBannerText: o.showHomeBannerText,
      lateCancellationPeriod: numberOf(o.lateCancellationPeriod),
      lateCancellationChargeValue: numberOf(o.lateCancellationChargeValue),
      cancellationRules: o.cancellationRules,
      bookingDepositType: o.bookingDepositType,
      bookingDepositAmount: numberOf(o.bookingDepositAmount),
      sellGiftVoucherOnline: o.sellGiftVoucherOnline,
    })
    const vouchers = editGiftVoucherValues(amountsOf(giftVoucherValues))
    await this.session.save((doc) => vouchers(settings(doc)))
  }
}

export class EmbedSettingsViewModel {
  hosts = ''

  constructor(readonly session: SettingsSession) {
    makeAutoObservable(this, { session: false })
    session.onShow((doc) => {
      this.hosts = (doc.organisation.settings.embedHosts ?? []).join('\n')
    })
  }

  set(text: string): void {
    this.hosts = text
  }

  async save(): Promise<void> {
    await this.session.save(editEmbedHosts(this.hosts.split('\n').map((s) => s.trim()).filter(Boolean)))
  }
}
