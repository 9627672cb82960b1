import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The api package's folder (the one holding `drizzle/` and package.json), found from this module whether
 * it runs from its source (src/) or from the server bundle (dist/), whose folders sit at different depths.
 */
export const packageRoot: string = (() => {
  let folder = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (existsSync(join(folder, 'package.json')) && existsSync(join(folder, 'drizzle'))) return folder
    const parent = dirname(folder)
    if (parent === folder) throw new Error(`No api package folder above ${fileURLToPath(import.meta.url)}`)
    folder = parent
  }
})()
