// Core's analytics sinks in a chunk of their own, fetched with the first event or consent answer (analyticsSinks.ts).
export { consoleSink, gtagSink } from '@comics/core'
