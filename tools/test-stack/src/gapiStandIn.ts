import type { BrowserContext } from 'playwright'

/**
 * Firebase's popup sign-in talks to a helper iframe through Google's gapi.iframes library, loaded from
 * https://apis.google.com/js/api.js, and so does the Auth emulator's helper page. This machine has no
 * internet, so the tests serve this stand-in for that one script: the few calls both sides make
 * (load, getContext().open / getParentIframe, register, send, ping, restyle) over postMessage.
 */
const GAPI_STAND_IN = `(() => {
  const CHANNEL = 'site-e2e-gapi'
  const handlers = {}
  const waiting = {}
  const replies = {}
  let sequence = 0
  const post = (target, message) => target.postMessage({ channel: CHANNEL, ...message }, '*')
  const answer = (source, call) => {
    const handler = call.name === '__ping' ? () => true : handlers[call.name]
    Promise.resolve(handler(call.data)).then((result) => post(source, { kind: 'reply', id: call.id, result: [result] }))
  }
  window.addEventListener('message', (event) => {
    const message = event.data
    if (!message || message.channel !== CHANNEL) return
    if (message.kind === 'reply') {
      const callback = replies[message.id]
      delete replies[message.id]
      // gapi keeps a callback's exception to itself (Firebase's storage check throws after answering).
      try {
        if (callback) callback(message.result)
      } catch {}
    } else if (message.name === '__ping' || handlers[message.name]) {
      answer(event.source, message)
    } else {
      // Calls that arrive before their handler is registered wait for it, as gapi's do.
      ;(waiting[message.name] = waiting[message.name] || []).push([event.source, message])
    }
  })
  const endpoint = (target) => ({
    register(name, handler) {
      handlers[name] = handler
      for (const [source, call] of waiting[name] || []) answer(source, call)
      delete waiting[name]
    },
    send(name, data, callback) {
      const id = ++sequence
      replies[id] = callback
      post(target(), { kind: 'call', id, name, data })
    },
    restyle: () => Promise.resolve(),
  })
  window.gapi = {
    load(_name, options) {
      setTimeout(typeof options === 'function' ? options : options.callback)
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: () => true,
      Iframe: function Iframe() {},
      getContext: () => ({
        open(options, onOpened) {
          const frame = document.createElement('iframe')
          for (const [name, value] of Object.entries(options.attributes || {})) {
            if (name === 'style') Object.assign(frame.style, value)
            else frame.setAttribute(name, value)
          }
          const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }))
          frame.src = options.url
          options.where.appendChild(frame)
          const iframe = endpoint(() => frame.contentWindow)
          iframe.ping = (callback) =>
            loaded.then(() => new Promise((resolve) => iframe.send('__ping', null, () => { if (callback) callback(); resolve() })))
          return onOpened ? onOpened(iframe) : iframe
        },
        getParentIframe: () => endpoint(() => window.parent),
      }),
    },
  }
  const onload = new URL(document.currentScript.src).searchParams.get('onload')
  if (onload && typeof window[onload] === 'function') setTimeout(window[onload])
  if (typeof window.gapi_onload === 'function') setTimeout(window.gapi_onload)
})()
`

/** Serves the stand-in for every page and frame of the context. */
export async function serveGapiStandIn(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN }),
  )
}
