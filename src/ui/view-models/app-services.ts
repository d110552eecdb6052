import { token } from '../../application/inject'

/** What a view model needs of a use case: its execute (tests pass an object with just that). */
export type Exec<F> = Pick<F, Extract<keyof F, 'execute'>>

/** Small capabilities the view models receive from the composition root (tests pass fakes). */
export interface Navigator {
  go(path: string, options?: { replace?: boolean }): void
  /** full-page navigation outside the SPA (thankYouPageUrl) */
  leave(url: string): void
}
export const NAVIGATOR = token<Navigator>('Navigator')

/** A navigator whose target is attached by the router once it is mounted. */
export class DeferredNavigator implements Navigator {
  private target?: Navigator
  private queued?: { path: string; replace?: boolean }
  attach(target: Navigator): void {
    this.target = target
    if (this.queued) target.go(this.queued.path, { replace: this.queued.replace })
    this.queued = undefined
  }
  go(path: string, options: { replace?: boolean } = {}): void {
    if (this.target) this.target.go(path, options)
    else this.queued = { path, replace: options.replace }
  }
  leave(url: string): void {
    if (this.target) this.target.leave(url)
  }
}

/** Offers a file the app fetched (the .ics of an appointment) as a download. */
export interface FileSaver {
  save(fileName: string, content: string, type: string): void
}
export const FILE_SAVER = token<FileSaver>('FileSaver')

/** The browser's download: an object URL clicked through a temporary link. */
export function browserFileSaver(doc: Document): FileSaver {
  return {
    save(fileName, content, type) {
      const url = URL.createObjectURL(new Blob([content], { type }))
      const link = doc.createElement('a')
      link.href = url
      link.download = fileName
      doc.body.appendChild(link)
      link.click()
      link.remove()
      // revoked after the click has been handled: revoking at once can cancel the download in some browsers
      setTimeout(() => URL.revokeObjectURL(url), 0)
    },
  }
}
