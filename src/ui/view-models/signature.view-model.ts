import { makeAutoObservable } from 'mobx'
import { UI_SIZES } from '../../domain/constants/limits'
import { isSignatureEmpty } from '../../domain/forms/answers'

/** Spec section 9: signature canvas 300 px high, line width 3, small dialog, confirm label 'Save'. */
export const SIGNATURE = {
  canvasHeight: UI_SIZES.signatureCanvasHeight,
  lineWidth: UI_SIZES.signatureLineWidth,
  dialogSize: UI_SIZES.signatureDialogSize,
  confirmLabel: UI_SIZES.signatureConfirmLabel,
} as const

/** Spec section 4: a signature is empty, signed or cleared. */
export type SignatureState = 'empty' | 'signed' | 'cleared'

/**
 * One signature (the consent form's, or a SignatureField widget's): the dialog with the canvas and
 * the saved image. Saving an empty canvas simply closes the dialog and keeps what was there.
 */
export class SignatureViewModel {
  state: SignatureState = 'empty'
  /** image data URL once signed */
  dataUrl?: string = undefined
  dialogOpen = false

  constructor(
    initial?: string,
    private readonly onChange: (dataUrl: string | undefined) => void = () => undefined,
    private readonly confirmLabelText: string = SIGNATURE.confirmLabel,
  ) {
    if (initial !== undefined && !isSignatureEmpty(initial)) {
      this.state = 'signed'
      this.dataUrl = initial
    }
    makeAutoObservable<SignatureViewModel, 'onChange'>(this, { onChange: false })
  }

  get isSigned(): boolean {
    return this.state === 'signed'
  }

  get confirmLabel(): string {
    return this.confirmLabelText
  }

  open(): void {
    this.dialogOpen = true
  }

  close(): void {
    this.dialogOpen = false
  }

  /** The dialog's confirm: an empty canvas only closes the dialog; a drawing becomes the signature. */
  save(dataUrl: string | undefined, canvasIsEmpty: boolean): void {
    this.dialogOpen = false
    if (canvasIsEmpty || dataUrl === undefined || isSignatureEmpty(dataUrl)) return
    this.dataUrl = dataUrl
    this.state = 'signed'
    this.onChange(dataUrl)
  }

  /** Removes a saved signature. */
  clear(): void {
    if (this.state !== 'signed') return
    this.dataUrl = undefined
    this.state = 'cleared'
    this.onChange(undefined)
  }
}
