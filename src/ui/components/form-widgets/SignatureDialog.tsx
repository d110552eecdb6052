import { useEffect, useRef, useState } from 'react'
import type SignaturePad from 'signature_pad'
import { AppDialog } from '../Dialog'
import { Button } from '../Button'
import { SIGNATURE, type SignatureViewModel } from '../../view-models/signature.view-model'
import styles from './FormWidgets.module.css'

/** The canvas dialog (spec section 9: 300 px high, line width 3, small dialog, confirm label 'Save'). */
export function SignatureDialog({ vm, title }: { vm: SignatureViewModel; title: string }) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null)
  const padRef = useRef<SignaturePad | null>(null)
  const [ready, setReady] = useState(false)

  useEffect(() => {
    if (!vm.dialogOpen) return
    let cancelled = false
    let pad: SignaturePad | undefined
    void import('signature_pad').then(({ default: Pad }) => {
      const canvas = canvasRef.current
      if (cancelled || !canvas) return
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      canvas.width = canvas.offsetWidth * ratio
      canvas.height = SIGNATURE.canvasHeight * ratio
      canvas.getContext('2d')?.scale(ratio, ratio)
      pad = new Pad(canvas, { minWidth: SIGNATURE.lineWidth, maxWidth: SIGNATURE.lineWidth, dotSize: SIGNATURE.lineWidth, penColor: '#111' })
      padRef.current = pad
      setReady(true)
    })
    return () => {
      cancelled = true
      pad?.off()
      padRef.current = null
      setReady(false)
    }
  }, [vm.dialogOpen])

  const save = () => {
    const pad = padRef.current
    if (!pad || pad.isEmpty()) vm.save(undefined, true)
    else vm.save(pad.toDataURL('image/png'), false)
  }

  return (
    <AppDialog
      title={title}
      isOpen={vm.dialogOpen}
      onClose={() => vm.close()}
      actions={
        <>
          <Button variant="secondary" onClick={() => padRef.current?.clear()} disabled={!ready}>Clear</Button>
          <Button onClick={save}>{vm.confirmLabel}</Button>
        </>
      }
    >
      <p className={styles.hint}>Sign inside the box with your finger, stylus or mouse.</p>
      <div className={styles.canvasWrap}>
        <canvas
          ref={canvasRef}
          className={styles.canvas}
          style={{ height: SIGNATURE.canvasHeight }}
          aria-label="Signature pad"
          role="img"
          data-testid="signature-canvas"
        />
      </div>
    </AppDialog>
  )
}
