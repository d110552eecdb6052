import { observer } from 'mobx-react-lite'
import { Button } from '../Button'
import { DOWNLOAD_MY_DATA, MY_DATA_TEXT, MY_DATA_TITLE, type MyDataViewModel } from '../../view-models/my-data.view-model'

/** The details tab's 'Your data': the download of everything held about the customer. */
export const MyDataSection = observer(function MyDataSection({ vm }: { vm: MyDataViewModel }) {
  return (
    <section aria-labelledby="my-data-title">
      <h2 id="my-data-title">{MY_DATA_TITLE}</h2>
      <p>{MY_DATA_TEXT}</p>
      <Button variant="secondary" busy={vm.downloading} onClick={() => void vm.save()}>{DOWNLOAD_MY_DATA}</Button>
    </section>
  )
})
