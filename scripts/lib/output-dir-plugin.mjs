// A Vite build plugin that runs `work(outDir)` on the build's output directory once the bundle and the
// public files are written (closeBundle). `hook`: the hook's order options, e.g. { order: 'pre',
// sequential: true } for work that must finish before the other plugins' closeBundle starts.
import { join } from 'node:path'

export function outputDirPlugin(name, work, hook = {}) {
  let outDir = 'dist'
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir)
    },
    closeBundle: {
      ...hook,
      handler() {
        work(outDir)
      },
    },
  }
}
