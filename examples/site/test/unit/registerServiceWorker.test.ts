import { afterEach, describe, expect, it, vi } from 'vitest'
import { newVersion } from '../../src/offline/newVersion'
import { SERVICE_WORKER_PATH, SKIP_WAITING_MESSAGE } from '../../src/offline/offlineConstants'
import { registerServiceWorker, registerWhenIdle, type WorkerContainer } from '../../src/offline/registerServiceWorker'

/** A worker as the browser's API shows it: a state, statechange events, messages posted to it. */
class FakeWorker extends EventTarget {
  posted: unknown[] = []
  constructor(public state: ServiceWorkerState) {
    super()
  }
  postMessage(message: unknown) {
    this.posted.push(message)
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

/** navigator.serviceWorker with one registration: its waiting and installing workers, and the controller. */
function fakeContainer(options: { controlled: boolean; waiting?: FakeWorker; refuse?: boolean }) {
  const registration = Object.assign(new EventTarget(), { waiting: options.waiting ?? null, installing: null as FakeWorker | null })
  const container = Object.assign(new EventTarget(), {
    controller: options.controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(async () => {
      if (options.refuse) throw new Error('SecurityError')
      return registration
    }),
  })
  const update = (worker: FakeWorker) => {
    registration.installing = worker
    registration.dispatchEvent(new Event('updatefound'))
  }
  return { container: container as unknown as WorkerContainer, registration, update, controllerChanges: () => container.dispatchEvent(new Event('controllerchange')) }
}

const reload = vi.fn()
vi.stubGlobal('window', { location: { reload } })

afterEach(() => {
  newVersion.dismiss()
  reload.mockClear()
})

describe('registerServiceWorker', () => {
  it('registers /sw.js and offers nothing on a first install', async () => {
    const { container, update } = fakeContainer({ controlled: false })
    await registerServiceWorker(container)
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_PATH)
    const first = new FakeWorker('installing')
    update(first)
    first.moveTo('installed')
    expect(newVersion.getSnapshot().take).toBeNull()
  })

  it('offers a new build installed while an older one controls the page; Reload makes it take over, then reloads', async () => {
    const { container, update, controllerChanges } = fakeContainer({ controlled: true })
    await registerServiceWorker(container)
    const next = new FakeWorker('installing')
    update(next)
    expect(newVersion.getSnapshot().take).toBeNull()
    next.moveTo('installed')
    const { take } = newVersion.getSnapshot()
    expect(take).toBeTypeOf('function')
    take!()
    expect(newVersion.getSnapshot().taking).toBe(true)
    expect(next.posted).toEqual([{ type: SKIP_WAITING_MESSAGE }])
    expect(reload).not.toHaveBeenCalled()
    controllerChanges()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('offers a build that was already waiting from an earlier visit', async () => {
    const waiting = new FakeWorker('installed')
    const { container } = fakeContainer({ controlled: true, waiting })
    await registerServiceWorker(container)
    newVersion.getSnapshot().take!()
    expect(waiting.posted).toEqual([{ type: SKIP_WAITING_MESSAGE }])
  })

  it("reloads at once where another tab's Reload took the new build already (it controls this page too)", async () => {
    const { container, update } = fakeContainer({ controlled: true })
    await registerServiceWorker(container)
    const next = new FakeWorker('installing')
    update(next)
    next.moveTo('installed')
    // Another tab's Reload: the new worker activates and claims every tab, this one included.
    next.moveTo('activated')
    Object.assign(container, { controller: next })
    newVersion.getSnapshot().take!()
    expect(reload).toHaveBeenCalledTimes(1)
    expect(next.posted).toEqual([])
  })

  it('reloads at once where the offered build was replaced by a newer one', async () => {
    const waiting = new FakeWorker('installed')
    const { container } = fakeContainer({ controlled: true, waiting })
    await registerServiceWorker(container)
    waiting.moveTo('redundant')
    newVersion.getSnapshot().take!()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('leaves the page as it is when the browser refuses the worker', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { container } = fakeContainer({ controlled: true, refuse: true })
    await expect(registerServiceWorker(container)).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalled()
    expect(newVersion.getSnapshot().take).toBeNull()
  })

  it('does nothing when the browser answers the registration with none (workers blocked)', async () => {
    const container = { controller: null, register: vi.fn(async () => undefined), addEventListener: vi.fn() } as unknown as WorkerContainer
    await expect(registerServiceWorker(container)).resolves.toBeUndefined()
    expect(newVersion.getSnapshot().take).toBeNull()
  })

  it('does nothing where the browser has no service workers', async () => {
    await expect(registerServiceWorker(undefined)).resolves.toBeUndefined()
  })
})

describe('registerWhenIdle', () => {
  it('registers at the browser\'s next idle moment, not before', async () => {
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (then: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBeGreaterThan(0)
      idle.push(then)
      return idle.length
    })
    try {
      const { container } = fakeContainer({ controlled: false })
      registerWhenIdle(container)
      await Promise.resolve()
      expect(container.register).not.toHaveBeenCalled()
      idle.splice(0).forEach((then) => then())
      expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_PATH)
    } finally {
      vi.unstubAllGlobals()
      vi.stubGlobal('window', { location: { reload } })
    }
  })
})
