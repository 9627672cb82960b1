import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { SourceMapConsumer, type MappingItem, type RawSourceMap } from 'source-map-js'

/** gzip size as size-limit and Vite report it (level 9). */
export function gzipSize(bytes: Buffer | string): number {
  return gzipSync(bytes, { level: 9 }).length
}

/** Which package (or workspace folder) a source path of a source map belongs to. */
export function dependencyOf(source: string): string {
  const inModules = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source)
  if (inModules) return inModules[1]!
  const inWorkspace = /(?:^|\/)(packages\/[^/]+|examples\/[^/]+)\//.exec(source)
  if (inWorkspace) return inWorkspace[1]!
  return '(bundler runtime)'
}

/**
 * A chunk's gzip size split by the package its code came from: minified characters are attributed
 * through the chunk's source map, and the chunk's gzip size is shared out in proportion to them (an
 * approximation: gzip compresses some code better than other code).
 */
export function chunkBreakdown(file: string, keyOf: (source: string) => string = dependencyOf): Map<string, number> {
  const code = readFileSync(file, 'utf8')
  const gzipped = gzipSize(code)
  const shares = new Map<string, number>()
  if (!existsSync(`${file}.map`)) {
    shares.set('(no source map)', gzipped)
    return shares
  }
  const consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap)
  const lines = code.split('\n')
  const mappings: MappingItem[] = []
  consumer.eachMapping((mapping) => mappings.push(mapping))
  const characters = new Map<string, number>()
  let counted = 0
  mappings.forEach((mapping, i) => {
    const next = mappings[i + 1]
    const end = next && next.generatedLine === mapping.generatedLine ? next.generatedColumn : (lines[mapping.generatedLine - 1]?.length ?? 0)
    const length = Math.max(0, end - mapping.generatedColumn)
    const key = mapping.source ? keyOf(mapping.source) : '(bundler runtime)'
    characters.set(key, (characters.get(key) ?? 0) + length)
    counted += length
  })
  for (const [key, count] of characters) shares.set(key, (gzipped * count) / Math.max(1, counted))
  return shares
}

/** Adds `more` into `into`. */
export function addBreakdown(into: Map<string, number>, more: Map<string, number>): void {
  for (const [key, value] of more) into.set(key, (into.get(key) ?? 0) + value)
}
