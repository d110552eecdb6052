import type { Plugin } from 'vite'
export function deferHourCycleTest(code: string): string
export function lazyHourCycle(): Plugin
