import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { Button as AriaButton, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components'
import type { FormField } from '../../../domain/forms/widgets'
import { asChoiceList, chips, dropdownItems, optionValues, trailingLabel } from './choices'
import { loadDrugList } from './drug-list'
import styles from './FormWidgets.module.css'

/** The options of a choice widget: its own, or the drug list (loaded lazily) when useDrugList is set. */
export function useChoiceOptions(field: Pick<FormField, 'options' | 'useDrugList'>): { options: readonly string[]; loading: boolean } {
  const own = useMemo(() => optionValues(field.options), [field.options])
  const [drugs, setDrugs] = useState<readonly string[] | undefined>(undefined)
  useEffect(() => {
    if (!field.useDrugList) return
    let live = true
    void loadDrugList().then((names) => {
      if (live) setDrugs(names)
    })
    return () => {
      live = false
    }
  }, [field.useDrugList])
  if (!field.useDrugList) return { options: own, loading: false }
  return { options: drugs ? [...own, ...drugs.filter((d) => !own.includes(d))] : own, loading: drugs === undefined }
}

export interface ChoiceInputProps {
  field: FormField
  label: ReactNode
  value: unknown
  onChange: (value: string | string[]) => void
  multiple?: boolean
  disabled?: boolean
  describedBy?: string
  invalid?: boolean
  onBlur?: () => void
}

/**
 * Autocomplete (combobox) over a widget's options or the drug list: at most 10 items in the
 * dropdown; with `multiple`, chosen values become chips (3, or 2 with a trailing label, then '+N').
 */
export function ChoiceInput({ field, label, value, onChange, multiple, disabled, describedBy, invalid, onBlur }: ChoiceInputProps) {
  const { options, loading } = useChoiceOptions(field)
  const chosen = asChoiceList(value)
  const single = multiple ? undefined : chosen[0]
  const [query, setQuery] = useState(single ?? '')
  // a multiple choice starts a fresh combobox after each pick (closes its list, keeps the focus)
  const [round, setRound] = useState(0)
  useEffect(() => {
    if (!multiple) setQuery(single ?? '')
  }, [multiple, single])
  const items = useMemo(
    () => dropdownItems(options, multiple || query !== single ? query : '', multiple ? chosen : []).map((name) => ({ id: name, name })),
    [options, query, multiple, chosen.join('\u0000'), single],
  )
  const after = trailingLabel(field)
  const { shown, hidden } = chips(chosen, field)
  return (
    <div className={styles.combo}>
      <ComboBox
        key={round}
        className={styles.combo}
        items={items}
        inputValue={query}
        onInputChange={setQuery}
        selectedKey={multiple ? null : (single ?? null)}
        onSelectionChange={(key) => {
          if (key === null) return
          const picked = String(key)
          if (multiple) {
            if (!chosen.includes(picked)) onChange([...chosen, picked])
            setQuery('')
            setRound((r) => r + 1)
          } else {
            // Both the text and the selection are controlled: the text must follow the pick in the same
            // render, or react-aria sees it change later while focused and opens the list again.
            setQuery(picked)
            onChange(picked)
          }
        }}
        allowsEmptyCollection
        isDisabled={disabled}
        isInvalid={invalid}
        aria-describedby={describedBy}
        onBlur={() => {
          if (!multiple && query.trim() === '' && single) onChange('')
          onBlur?.()
        }}
      >
        <Label className={styles.label}>{label}</Label>
        <div className={styles.comboRow}>
          <Input className={styles.input} autoFocus={round > 0} placeholder={loading ? 'Loading list…' : 'Type to search'} />
          <AriaButton className={styles.iconButton} aria-label="Show options">▾</AriaButton>
        </div>
        <Popover className={styles.popover} placement="bottom start">
          <ListBox className={styles.listbox} renderEmptyState={() => <div className={styles.empty}>{loading ? 'Loading…' : 'No matches'}</div>}>
            {(item: { id: string; name: string }) => (
              <ListBoxItem className={styles.option} id={item.id} textValue={item.name}>{item.name}</ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {multiple && chosen.length > 0 ? (
        <div className={styles.chips} aria-label="Chosen">
          {shown.map((c) => (
            <span key={c} className={styles.chip}>
              {c}
              {disabled ? null : (
                <button type="button" aria-label={`Remove ${c}`} onClick={() => onChange(chosen.filter((x) => x !== c))}>×</button>
              )}
            </span>
          ))}
          {hidden > 0 ? <span className={styles.more} title={chosen.slice(shown.length).join(', ')}>+{hidden}</span> : null}
          {after ? <span className={styles.more}>{after}</span> : null}
        </div>
      ) : null}
    </div>
  )
}
