import type { ChildProcess } from 'node:child_process'

export function newestMtime(path: string): number
export function webBuildState(root: string): { exists: boolean; stale: boolean }
export function buildWebSync(root: string): boolean
export function buildWebInBackground(root: string): ChildProcess
export const SSR_ENTRY: string
export const SSR_FILE: string
