import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { APP_RUNNING_ATTRIBUTE as STACK_APP_RUNNING_ATTRIBUTE } from '@comics/test-stack/appRunning'
import { BUILD_DIR_VARIABLE, serverFile } from '@comics/test-stack/siteBuild'
import { APP_RUNNING_ATTRIBUTE } from '../../src/app/documentMarks'

// The test stack starts and watches this site without importing it: what it knows of the site is held
// equal to the site's own here.
describe('what the test stack knows of the site', () => {
  it('waits for the attribute the app sets once it runs', () => {
    expect(STACK_APP_RUNNING_ATTRIBUTE).toBe(APP_RUNNING_ATTRIBUTE)
  })

  it('builds and starts the server where `pnpm --filter site build` and `serve` put it', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }
    expect(scripts.build).toBe('react-router build')
    expect(scripts.serve).toBe(`node ${serverFile('dist')}`)
    const config = readFileSync(new URL('../../react-router.config.ts', import.meta.url), 'utf8')
    expect(config).toContain(`buildDirectory: process.env.${BUILD_DIR_VARIABLE} || 'dist'`)
  })
})
