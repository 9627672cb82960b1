import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { APP_RUNNING_ATTRIBUTE as STACK_APP_RUNNING_ATTRIBUTE } from '@comics/test-stack/appRunning'
import { BUILD_DIR_VARIABLE, serverFile } from '@comics/test-stack/siteBuild'
import * as stackCookies from '@comics/test-stack/siteCookies'
import { AGE_PASSED_COOKIE, APP_RUNNING_ATTRIBUTE, CUSTOM_READER_COOKIE, SIGNED_IN_COOKIE } from '../../src/app/documentMarks'
import { SHARED_FRESHNESS_BOUND_SECONDS } from '../../src/app/documentCaching'

// The test stack starts and watches this site without importing it: what it knows of the site is held
// equal to the site's own here.
describe('what the test stack knows of the site', () => {
  it('waits for the attribute the app sets once it runs', () => {
    expect(STACK_APP_RUNNING_ATTRIBUTE).toBe(APP_RUNNING_ATTRIBUTE)
  })

  it("keys the topology's page cache on the site's own cookies, and waits for its pages within the site's freshness bound", () => {
    expect({ ...stackCookies }).toEqual({ SIGNED_IN_COOKIE, AGE_PASSED_COOKIE, CUSTOM_READER_COOKIE, SHARED_FRESHNESS_BOUND_SECONDS })
  })

  it('builds and starts the server where `pnpm --filter site build` and `serve` put it', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }
    expect(scripts.build).toBe('react-router build')
    expect(scripts.serve).toBe(`node ${serverFile('dist')}`)
    const config = readFileSync(new URL('../../react-router.config.ts', import.meta.url), 'utf8')
    expect(config).toContain(`buildDirectory: process.env.${BUILD_DIR_VARIABLE} || 'dist'`)
  })
})
