import { launchChromiumThrough, openMeasuredPage, readFigures, appRunning, SLOW_4G } from './browser'
import { createSubscriber, findLongComic } from './catalogue'
import { startBenchStack } from './stack'
import { startThrottlingProxy } from './throttlingProxy'

const stack = await startBenchStack()
try {
  const subscriber = await createSubscriber(stack)
  const comic = await findLongComic(stack, subscriber.idToken)
  const link = await startThrottlingProxy({ targetPort: stack.sitePort, profile: SLOW_4G })
  const browser = await launchChromiumThrough({ host: 'localhost', port: stack.sitePort, throughPort: link.port })
  const paths = { home: '/', reader: `/comic/${comic.id}/${comic.chapterIds[0]}` }
  const rounds = Number(process.env.ROUNDS ?? 2)
  for (let round = 0; round < rounds; round++) for (const [name, path] of Object.entries(paths)) for (const sw of ['block', 'allow'] as const) {
    const m = await openMeasuredPage(browser, { throttled: true, network: 'link', serviceWorkers: sw })
    await m.context.addInitScript(() => {
      const c = navigator.serviceWorker
      if (!c) return
      const orig = c.register.bind(c)
      ;(window as any).__reg = -1
      c.register = (...args: any[]) => { (window as any).__reg = performance.now(); return (orig as any)(...args) }
    })
    const t0 = Date.now()
    const linkLog: string[] = []
    let last = link.stats().bytesDown
    const iv = setInterval(() => { const b = link.stats().bytesDown; linkLog.push(`${Date.now() - t0}:${Math.round((b - last) / 1000)}`); last = b }, 250)
    await m.page.goto(`${stack.siteOrigin}${path}`, { waitUntil: 'load', timeout: 120_000 })
    await appRunning(m.page)
    await m.network.quiet(1500, 120_000)
    clearInterval(iv)
    const f = await readFigures(m.page)
    const info = await m.page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.initiatorType === 'img' || e.initiatorType === 'link' || /\.(webp|jpg|png|avif)/.test(e.name)).map((e) => `${e.name.replace(location.origin, '').slice(0, 60)} ${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.transferSize}`)
      const lcps = (window as any).__lcps
      return { load: Math.round(nav.loadEventStart), dcl: Math.round(nav.domContentLoadedEventStart), ttfb: Math.round(nav.responseStart), docEnd: Math.round(nav.responseEnd), reg: Math.round((window as any).__reg ?? -1), res }
    })
    console.log(JSON.stringify({ name, sw, lcp: Math.round(f.lcp), el: f.lcpTag, ...info, link: linkLog.join(' ') }, null, 1))
    await m.context.close()
  }
  await browser.close(); await link.stop()
} finally { await stack.stop() }
