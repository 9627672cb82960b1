/** One line of the bench's table. `pass` is null where the line has no target. */
export interface Row {
  area: string
  measure: string
  value: string
  target: string
  pass: boolean | null
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
export const ms = (value: number) => `${Math.round(value)} ms`
export const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`

/** The table as GitHub markdown, which reads well in a terminal too. */
export function formatTable(rows: readonly Row[]): string {
  const cells = rows.map((row) => [row.area, row.measure, row.value, row.target, row.pass === null ? '' : row.pass ? 'pass' : 'FAIL'])
  const header = ['Area', 'Measure', 'Value', 'Target', '']
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i]!.length)))
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i]!)).join(' | ')} |`
  return [line(header), `|${widths.map((width, i) => (i === 2 ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`, ...cells.map(line)].join('\n')
}
