// A Vitest reporter that prints, after the run, when each project's files ran: the first start and the
// last end (seconds from the run's start), the span between them, and the files' summed durations. The
// projects run in groups one after the other (vitest.workspace.ts, `sequence.groupOrder`), so the spans
// show which group the run's time goes to, and where a new slow file lands. The test command adds it
// next to the default reporter (scripts/test.mjs). Below the table it names again every failed test and
// unhandled error, each with its first error line, so that the last lines of a long run (all a CI
// summary keeps) say what failed, not only that something did.
import type { Reporter, SerializedError, TestModule } from 'vitest/node'

interface ProjectSpan {
  files: number
  start: number
  end: number
  busy: number
}

export default class TestTimeline implements Reporter {
  private readonly runStart = Date.now()
  private readonly started = new Map<string, number>()
  private readonly projects = new Map<string, ProjectSpan>()

  onTestModuleStart(testModule: TestModule): void {
    this.started.set(testModule.moduleId + testModule.project.name, Date.now())
  }

  onTestModuleEnd(testModule: TestModule): void {
    const end = Date.now()
    const start = this.started.get(testModule.moduleId + testModule.project.name) ?? end
    const name = testModule.project.name || '(root)'
    const span = this.projects.get(name) ?? { files: 0, start, end, busy: 0 }
    span.files += 1
    span.start = Math.min(span.start, start)
    span.end = Math.max(span.end, end)
    span.busy += end - start
    this.projects.set(name, span)
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    this.printSpans()
    this.printFailures(testModules, unhandledErrors)
  }

  private printFailures(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    // The first line with words: Testing Library's and Storybook's messages start with blank lines.
    const firstLine = (error: { name?: string; message?: string } | undefined) => {
      const line = (error?.message ?? '').split('\n').find((candidate) => candidate.trim() !== '' && !candidate.includes('Click to debug'))
      return `${error?.name ? `${error.name}: ` : ''}${(line ?? '').trim().slice(0, 240)}`
    }
    const lines: string[] = []
    for (const testModule of testModules) {
      const where = `[${testModule.project.name || '(root)'}] ${testModule.relativeModuleId}`
      const moduleErrors = testModule.errors()
      for (const error of moduleErrors) lines.push(`  ${where}: ${firstLine(error)}`)
      for (const test of testModule.children.allTests('failed')) {
        lines.push(`  ${where} > ${test.fullName}: ${firstLine(test.result().errors?.[0])}`)
      }
    }
    for (const error of unhandledErrors) lines.push(`  unhandled error: ${firstLine(error)}`)
    if (lines.length === 0) return
    console.log(`\nWhat failed (${lines.length}):`)
    for (const line of lines) console.log(line)
  }

  private printSpans(): void {
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7)
    const rows = [...this.projects].sort(([, a], [, b]) => a.start - b.start)
    if (rows.length === 0) return
    console.log('\nWhen each project ran (seconds from the start of the run; busy = its files\' durations summed):')
    console.log(`  ${'project'.padEnd(22)} ${'files'.padStart(5)} ${'from'.padStart(7)} ${'to'.padStart(7)} ${'span'.padStart(7)} ${'busy'.padStart(7)}`)
    for (const [name, span] of rows) {
      console.log(
        `  ${name.padEnd(22)} ${String(span.files).padStart(5)} ${seconds(span.start - this.runStart)} ${seconds(span.end - this.runStart)} ${seconds(span.end - span.start)} ${seconds(span.busy)}`,
      )
    }
  }
}
