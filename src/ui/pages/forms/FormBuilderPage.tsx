import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useViewModel } from '../../use-view-model'
import { FormBuilderViewModel } from '../../view-models/form-builder.view-model'
import { FormBuilder } from '../../components/form-builder/FormBuilder'
import { FormRenderer } from '../../components/form-widgets/FormRenderer'
import { SAMPLE_DEFINITION } from './sample-definition'
import styles from './FormBuilderPage.module.css'

/** /form-builder: the builder next to a live preview of the definition it edits. */
const FormBuilderPage = observer(function FormBuilderPage() {
  const vm = useViewModel<FormBuilderViewModel>(FormBuilderViewModel)
  useEffect(() => {
    if (vm.fields.length === 0) vm.setFields(SAMPLE_DEFINITION)
  }, [vm])
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <h1 className={styles.heading}>Form builder</h1>
        <label className={styles.check}>
          <input type="checkbox" checked={vm.readOnly} onChange={(e) => vm.setReadOnly(e.target.checked)} /> Read-only
        </label>
      </div>
      <div className={styles.columns}>
        <section className={styles.panel} aria-labelledby="builder-title">
          <h2 id="builder-title" className={styles.panelTitle}>Definition</h2>
          <FormBuilder vm={vm} />
        </section>
        <section className={styles.panel} aria-labelledby="preview-title">
          <h2 id="preview-title" className={styles.panelTitle}>Preview</h2>
          <FormRenderer answers={vm.preview} />
        </section>
      </div>
    </div>
  )
})

export default FormBuilderPage
