import { describe, expect, it } from 'vitest'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { routes } from '@comics/core'
import routeTable from '../../src/routes'

/** Every path of the route table, its nested routes' too. */
const pathsOf = (entries: readonly RouteConfigEntry[]): string[] =>
  entries.flatMap((entry) => [...(entry.path !== undefined ? [entry.path] : entry.index ? ['/'] : []), ...pathsOf(entry.children ?? [])])

// src/routes.ts spells its paths out (the framework reads it before the build resolves the kit): they are
// held to core's `routes` here, which the kit's links and redirects use.
describe('the route table', () => {
  it("serves every page of core's routes at the path the kit links to", async () => {
    const paths = pathsOf(await routeTable)
    for (const path of Object.values(routes)) expect(paths, path).toContain(path)
  })
})
