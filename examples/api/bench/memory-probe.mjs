// Preloaded into the API process by the soak (`node --import`): sends the process's memory to the soak
// script over the IPC channel twice a second. Plain JavaScript, so node loads it without a TypeScript loader.
if (process.send) {
  const timer = setInterval(() => {
    if (!process.connected) return
    const { rss, heapUsed, heapTotal } = process.memoryUsage()
    process.send({ memory: { at: Date.now(), rss, heapUsed, heapTotal } })
  }, 500)
  timer.unref()
  // The channel must not keep the server alive when it is asked to stop.
  process.channel?.unref()
}
