// /staff/settings (issue 29): categories and courses, each saved through the one set-up engine.
import { observer } from 'mobx-react-lite'
import { TextField } from '../../components/Field'
import type { CategorySettingsViewModel, CourseSettingsViewModel } from '../../view-models/settings-catalogue.view-model'
import { StaffSelect } from './StaffControls'
import styles from './StaffSettings.module.css'
import { ArchiveButton } from './StaffSettingsAdd'
import { Check, SettingsForm } from './StaffSettingsParts'

const AddCategoryForm = observer(function AddCategoryForm({ vm }: { vm: CategorySettingsViewModel }) {
  return (
    <SettingsForm title="New category" action="Add category" session={vm.session} onSave={() => vm.add()}>
      <TextField label="New category's name" value={vm.newCategory} onChange={(v) => vm.setNew(v)} />
    </SettingsForm>
  )
})

export const CategoryForm = observer(function CategoryForm({ vm }: { vm: CategorySettingsViewModel }) {
  const { session, draft } = vm
  if (session.categories.length === 0) return <><p>No categories yet.</p><AddCategoryForm vm={vm} /></>
  return (
    <>
      <StaffSelect label="Category" value={vm.category} options={session.categories} onChange={(v) => vm.select(v)} />
      <SettingsForm title="Category" session={session} onSave={() => vm.save()}>
        <TextField label="Category name" required value={draft.name} onChange={(v) => vm.setName(v)} />
        <Check selected={draft.online} onChange={(v) => vm.setOnline(v)}>Show online</Check>
        <fieldset className={styles.week}>
          <legend>Shown at</legend>
          {session.clinics.map((clinic) => (
            <Check key={clinic.value} selected={draft.locations[clinic.value] ?? false} onChange={(v) => vm.setLocation(clinic.value, v)}>Show online at {clinic.label}</Check>
          ))}
        </fieldset>
      </SettingsForm>
      <ArchiveButton label={vm.label} onPress={() => vm.askArchive()} />
      <AddCategoryForm vm={vm} />
    </>
  )
})

const AddCourseForm = observer(function AddCourseForm({ vm }: { vm: CourseSettingsViewModel }) {
  const n = vm.newCourse
  return (
    <SettingsForm title="New course" action="Add course" session={vm.session} onSave={() => vm.add()}>
      <div className={styles.pair}>
        <TextField label="New course's name" value={n.name} onChange={(v) => vm.setNew('name', v)} />
        <StaffSelect label="New course's service" value={n.service} options={[{ value: '', label: 'Choose a service' }, ...vm.session.services]} onChange={(v) => vm.setNew('service', v)} />
        <TextField label="New course's sessions" value={n.sessions} onChange={(v) => vm.setNew('sessions', v)} />
        <TextField label="New course's price" value={n.price} onChange={(v) => vm.setNew('price', v)} />
        <TextField label="New course's validity (months)" hint="Empty: no expiry" value={n.validityMonths} onChange={(v) => vm.setNew('validityMonths', v)} />
      </div>
      <Check selected={n.online} onChange={(v) => vm.setNew('online', v)}>Sell the new course online</Check>
      <p className={styles.weekHint}>Sold at every active clinic; more services and the clinics on its form.</p>
    </SettingsForm>
  )
})

export const CourseForm = observer(function CourseForm({ vm }: { vm: CourseSettingsViewModel }) {
  const { session, draft } = vm
  if (session.courses.length === 0) return <><p>No courses yet.</p><AddCourseForm vm={vm} /></>
  return (
    <>
      <StaffSelect label="Course" value={vm.course} options={session.courses} onChange={(v) => vm.select(v)} />
      <SettingsForm title="Course" session={session} onSave={() => vm.save()}>
        <div className={styles.pair}>
          <TextField label="Course name" required value={draft.name} onChange={(v) => vm.set('name', v)} />
          <TextField label="Course price" value={draft.price} onChange={(v) => vm.set('price', v)} />
          <TextField label="Validity (months)" hint="Empty: no expiry" value={draft.validityMonths} onChange={(v) => vm.set('validityMonths', v)} />
          <StaffSelect label="Course category" value={draft.category} options={[{ value: '', label: 'No category' }, ...session.categories]} onChange={(v) => vm.set('category', v)} />
        </div>
        <Check selected={draft.online} onChange={(v) => vm.set('online', v)}>Sell online</Check>
        <fieldset className={styles.week}>
          <legend>Sessions of each service</legend>
          <p className={styles.weekHint}>Empty: not in the course.</p>
          {session.services.map((s) => <TextField key={s.value} label={`Sessions of ${s.label}`} value={draft.sessions[s.value] ?? ''} onChange={(v) => vm.setSessions(s.value, v)} />)}
        </fieldset>
        <fieldset className={styles.week}>
          <legend>Sold at</legend>
          {session.clinics.map((clinic) => (
            <Check key={clinic.value} selected={draft.locations[clinic.value] ?? false} onChange={(v) => vm.setLocation(clinic.value, v)}>Sold at {clinic.label}</Check>
          ))}
        </fieldset>
      </SettingsForm>
      <ArchiveButton label={vm.label} onPress={() => vm.askArchive()} />
      <AddCourseForm vm={vm} />
    </>
  )
})
