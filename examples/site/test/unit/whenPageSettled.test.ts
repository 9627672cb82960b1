import { describe, expect, it } from 'vitest'
import { whenPageSettled, type PageSignals } from '../../src/offline/whenPageSettled'

/** A page whose app and idle moments the test brings about one at a time. */
function fakePage(state: { running?: boolean } = {}) {
  let running = state.running ?? false
  const waiting = { running: [] as (() => void)[], idle: [] as (() => void)[] }
  const flush = (list: (() => void)[]) => list.splice(0).forEach((then) => then())
  const signals: PageSignals = {
    running: () => running,
    onRunning: (then) => waiting.running.push(then),
    idle: (then) => waiting.idle.push(then),
  }
  return {
    signals,
    run: () => ((running = true), flush(waiting.running)),
    idle: () => flush(waiting.idle),
  }
}

describe('whenPageSettled', () => {
  it('waits for the app to run the page, then for an idle moment', () => {
    const page = fakePage()
    let calls = 0
    whenPageSettled(() => calls++, page.signals)
    page.idle()
    expect(calls).toBe(0)
    page.run()
    expect(calls).toBe(0)
    page.idle()
    expect(calls).toBe(1)
    page.idle()
    expect(calls).toBe(1)
  })

  it('needs only an idle moment on a page the app already runs', () => {
    const page = fakePage({ running: true })
    let calls = 0
    whenPageSettled(() => calls++, page.signals)
    expect(calls).toBe(0)
    page.idle()
    expect(calls).toBe(1)
  })
})
