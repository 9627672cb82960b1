// Assembles dist/styles.css: the theme (src/styles/base.css) first, then every component's stylesheet
// in folder order, so `@comics/react/styles.css` is the one file a site imports.
import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

const root = fileURLToPath(new URL('..', import.meta.url))
const componentsDir = join(root, 'src/components')

async function componentStylesheets() {
  let folders = []
  try {
    folders = (await readdir(componentsDir, { withFileTypes: true })).filter((entry) => entry.isDirectory())
  } catch {
    return []
  }
  const files = []
  for (const folder of folders.map((entry) => entry.name).sort()) {
    const names = (await readdir(join(componentsDir, folder))).filter((name) => name.endsWith('.css')).sort()
    for (const name of names) files.push(join('src/components', folder, name))
  }
  return files
}

// The kit must be a client module under React Server Components: check the built entries say so.
for (const entry of ['dist/index.js', 'dist/index.cjs']) {
  const head = (await readFile(join(root, entry), 'utf8')).slice(0, 200)
  if (!/^(?:(['"])use strict\1;?\s*)?(['"])use client\2/.test(head)) {
    throw new Error(`${entry} does not start with the 'use client' directive`)
  }
}

const sources = ['src/styles/base.css', ...(await componentStylesheets())]
const parts = await Promise.all(
  sources.map(async (path) => `/* ${path} */\n${(await readFile(join(root, path), 'utf8')).trim()}\n`),
)
await mkdir(join(root, 'dist'), { recursive: true })
await writeFile(join(root, 'dist/styles.css'), parts.join('\n'))
console.log(`dist/styles.css: ${sources.length} stylesheets`)
