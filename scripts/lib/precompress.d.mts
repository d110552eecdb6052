import type { Plugin } from 'vite'
export function precompressDir(dir: string): number
export function precompress(): Plugin
