import { useRef, type ReactNode } from 'react'
import { mergeProps } from 'react-aria/mergeProps'
import { useFocusRing } from 'react-aria/useFocusRing'
import { useHover } from 'react-aria/useHover'
import { useTab, useTabList, useTabPanel } from 'react-aria/useTabList'
import { Item } from 'react-stately/Item'
import { useTabListState, type TabListState } from 'react-stately/useTabListState'

export interface TabDefinition<K extends string> {
  id: K
  label: ReactNode
  /** the label as text (typing a letter moves the focus to its tab) */
  textValue: string
  className?: string
}

interface TabsProps<K extends string> {
  /** a stable array (module constant): the tabs' collection is built again when it changes */
  tabs: readonly TabDefinition<K>[]
  selectedKey: K
  onSelectionChange: (key: K) => void
  'aria-label': string
  className?: string
  tabListClassName?: string
  tabClassName?: string
  panelClassName?: string
  /** the selected tab's panel */
  children: (key: K) => ReactNode
}

const itemOf = <K extends string>(tab: TabDefinition<K>) => <Item key={tab.id} textValue={tab.textValue}>{tab.label}</Item>

/**
 * Tabs from react-aria's hooks, with the arrow keys only moving the focus (Enter or Space chooses),
 * the same roles, ids and keyboard handling as react-aria-components' Tabs, and its data attributes
 * (data-selected, data-hovered, data-focus-visible...) for the styles. Not that component: its
 * collection is built in a hidden render after the first commit, and React renders that update
 * synchronously, so the tabs and the panel mounted in one long task (issue 18: TBT on /app). Here the
 * collection is built during the render, which React can split.
 */
export function Tabs<K extends string>(props: TabsProps<K>) {
  const state = useTabListState<TabDefinition<K>>({
    items: props.tabs,
    children: itemOf,
    selectedKey: props.selectedKey,
    onSelectionChange: (key) => props.onSelectionChange(key as K),
  })
  const listRef = useRef<HTMLDivElement>(null)
  const { tabListProps } = useTabList({ 'aria-label': props['aria-label'], keyboardActivation: 'manual' }, state, listRef)
  return (
    <div className={props.className}>
      <div {...tabListProps} ref={listRef} className={props.tabListClassName} data-orientation="horizontal">
        {[...state.collection].map((item) => (
          <Tab key={item.key} tabKey={item.key as K} state={state} className={`${props.tabClassName ?? ''} ${item.value?.className ?? ''}`}>
            {item.rendered}
          </Tab>
        ))}
      </div>
      {state.selectedKey != null ? (
        <TabPanel key={state.selectedKey} state={state} className={props.panelClassName}>
          {props.children(state.selectedKey as K)}
        </TabPanel>
      ) : null}
    </div>
  )
}

function Tab<K extends string>({ tabKey, state, className, children }: { tabKey: K; state: TabListState<TabDefinition<K>>; className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const { tabProps, isSelected, isDisabled, isPressed } = useTab({ key: tabKey }, state, ref)
  const { focusProps, isFocused, isFocusVisible } = useFocusRing()
  const { hoverProps, isHovered } = useHover({ isDisabled })
  return (
    <div
      {...mergeProps(tabProps, focusProps, hoverProps)}
      ref={ref}
      className={className}
      data-selected={isSelected || undefined}
      data-disabled={isDisabled || undefined}
      data-focused={isFocused || undefined}
      data-focus-visible={isFocusVisible || undefined}
      data-pressed={isPressed || undefined}
      data-hovered={isHovered || undefined}
    >
      {children}
    </div>
  )
}

function TabPanel<K extends string>({ state, className, children }: { state: TabListState<TabDefinition<K>>; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const { tabPanelProps } = useTabPanel({}, state, ref)
  const { focusProps, isFocused, isFocusVisible } = useFocusRing()
  return (
    <div {...mergeProps(tabPanelProps, focusProps)} ref={ref} className={className} data-focused={isFocused || undefined} data-focus-visible={isFocusVisible || undefined}>
      {children}
    </div>
  )
}
