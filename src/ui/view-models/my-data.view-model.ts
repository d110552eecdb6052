import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { DownloadMyData } from '../../application/use-cases/auth.use-case'
import { FILE_SAVER, type FileSaver } from './app-services'
import { ToastViewModel } from './toast.view-model'

export const MY_DATA_TITLE = 'Your data'
export const MY_DATA_TEXT = "Download everything we hold about you: your details, appointments, invoices, signed forms, the messages we sent and our staff's notes about you."
export const DOWNLOAD_MY_DATA = 'Download my data'

/** The customer area's 'Download my data' (issue 30, the right of access): fetched with the token, saved as my-data.json. */
@injectable()
export class MyDataViewModel {
  downloading = false

  constructor(
    @inject(DownloadMyData) private readonly download: Pick<DownloadMyData, 'execute'>,
    @inject(FILE_SAVER) private readonly files: FileSaver,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
  ) {
    makeAutoObservable<MyDataViewModel, 'download' | 'files' | 'toasts'>(this, { download: false, files: false, toasts: false })
  }

  async save(): Promise<void> {
    if (this.downloading) return
    this.downloading = true
    const result = await this.download.execute()
    runInAction(() => (this.downloading = false))
    if (E.isLeft(result)) return this.toasts.show(result.left.message)
    this.files.save('my-data.json', result.right, 'application/json')
  }
}
