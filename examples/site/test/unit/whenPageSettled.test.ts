import { describe, expect, it } from 'vitest'
import { whenPageSettled, type PageSignals } from '../../src/offline/whenPageSettled'

/** A page whose load, app and idle moments the test brings about one at a time. */
function fakePage(state: { loaded?: boolean; running?: boolean } = {}) {
  let loaded = state.loaded ?? false
  let running = state.running ?? false
  const waiting = { load: [] as (() => void)[], running: [] as (() => void)[], idle: [] as (() => void)[] }
  const flush = (list: (() => void)[]) => list.splice(0).forEach((then) => then())
  const signals: PageSignals = {
    loaded: () => loaded,
    onLoad: (then) => waiting.load.push(then),
    running: () => running,
    onRunning: (then) => waiting.running.push(then),
    idle: (then) => waiting.idle.push(then),
  }
  return {
    signals,
    load: () => ((loaded = true), flush(waiting.load)),
    run: () => ((running = true), flush(waiting.running)),
    idle: () => flush(waiting.idle),
  }
}

describe('whenPageSettled', () => {
  it('waits for the load, then for the app to run the page, then for an idle moment', () => {
    const page = fakePage()
    let calls = 0
    whenPageSettled(() => calls++, page.signals)
    page.idle()
    expect(calls).toBe(0)
    page.load()
    page.idle()
    expect(calls).toBe(0)
    page.run()
    expect(calls).toBe(0)
    page.idle()
    expect(calls).toBe(1)
    page.idle()
    expect(calls).toBe(1)
  })

  it('waits for the load when the app already runs a page still loading (its images)', () => {
    const page = fakePage({ running: true })
    let calls = 0
    whenPageSettled(() => calls++, page.signals)
    page.idle()
    expect(calls).toBe(0)
    page.load()
    page.idle()
    expect(calls).toBe(1)
  })

  it('needs only an idle moment on a page already loaded and running', () => {
    const page = fakePage({ loaded: true, running: true })
    let calls = 0
    whenPageSettled(() => calls++, page.signals)
    expect(calls).toBe(0)
    page.idle()
    expect(calls).toBe(1)
  })
})
