// pnpm capacity [--bench FILE] [--markdown]: the capacity model of docs/deploy.md ("Capacity model").
// From the figures the benches measure on this machine (the API bench's requests/s per instance and p99,
// written by `pnpm --filter api bench --json FILE`; the page rendition's bytes of docs/performance.md) and
// from assumptions marked as such, it computes for 10k, 100k and 1M daily readers the API instances, the
// database load, the storage and the CDN egress needed, what saturates first and what changes at each
// step. Without --bench it uses the latest figures recorded in examples/api/README.md (named below).
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { bench: { type: 'string' }, markdown: { type: 'boolean', default: false } } })

interface Figure {
  value: number
  source: 'measured' | 'assumed'
  note: string
}
const measured = (value: number, note: string): Figure => ({ value, source: 'measured', note })
const assumed = (value: number, note: string): Figure => ({ value, source: 'assumed', note })

/** req/s of the cached list calls on PostgreSQL, one instance on 2 shared cores (bench client on the same cores). */
function benchRequestsPerSecond(): Figure {
  if (values.bench) {
    const bench = JSON.parse(readFileSync(values.bench, 'utf8')) as { databases?: { database: string; calls: { name: string; requestsPerSecond: number }[] }[] }
    const postgres = bench.databases?.find((d) => d.database === 'postgres')
    const calls = postgres?.calls.filter((c) => !/bare/i.test(c.name)) ?? []
    if (calls.length > 0) {
      const slowest = Math.min(...calls.map((c) => c.requestsPerSecond))
      return measured(slowest, `slowest cached list call on PostgreSQL in ${values.bench}`)
    }
  }
  return measured(8007, 'slowest cached list call on PostgreSQL (comics-assets/list), examples/api/README.md, 2026-11-22, 2 shared cores')
}

/**
 * The site server's rendered guest pages/s and the shared cache's hit rate, from `pnpm topology`'s shared-
 * cache check (docs/deploy.md, "Two instances behind a load balancer"): home, categories and a comic page
 * rendered through nginx without its cache, one site server on the 2 shared cores, and the same pages
 * through the cache.
 */
const SITE_RENDER_RPS = 44
const SITE_RENDER_NOTE = 'guest pages/s one site server renders at 50 connections, the mean of home 47, categories 71 and a comic page 14, pnpm topology, 2026-11-29 17:05, load average 2.7 on 2 shared cores'
/** The share of guest documents nginx answered from its cache in the same run. */
const SHARED_CACHE_HIT = 0.9999
const SHARED_CACHE_NOTE = "share of guest documents nginx's cache answered in the same run (169,419 of 169,428; 5 s lifetime, 3 pages at 50 connections); a real catalogue's long tail of pages hits less"

const F = {
  instanceRps: benchRequestsPerSecond(),
  benchCores: measured(2, 'cores of the machine the bench ran on, shared with autocannon'),
  pageBytes: measured(49_600, 'a 750-pixel page rendition, WebP q75 (ten seeded pages 496 kB), docs/performance.md'),
  originalPageBytes: measured(110_000, 'an 800-pixel page original, docs/performance.md'),
  renditionsPerPage: measured(5, 'RENDITION_WIDTHS (480, 640, 750, 828, 1080), each smaller than the original or absent'),
  pagesPerEpisode: assumed(40, 'pages per episode of a webtoon (the seed uses fewer, shared images)'),
  episodesPerReaderDay: assumed(6, 'episodes a daily reader opens'),
  apiCallsPerEpisode: assumed(5, 'API calls per episode read: page list, chapter list, comic, account/subscription, progress'),
  apiCallsPerSession: assumed(10, 'API calls per visit besides episodes: home lists, sign-in checks'),
  peakFactor: assumed(4, 'peak-hour traffic over the daily average (evening reading)'),
  catalogueHit: assumed(0.9, 'share of catalogue reads answered from an instance\'s cache (LISTEN/NOTIFY invalidation)'),
  queriesPerMiss: assumed(3, 'SQL statements per uncached call (catalogue, entitlement checks)'),
  cdnHit: assumed(0.95, 'share of image bytes the CDN answers without the origin (immutable names; signed pages cached per URL for 1 h)'),
  mixCost: assumed(3, 'CPU of an average call over a cached list call (signed-in calls verify a token and reach the database)'),
  writesPerEpisode: assumed(1, 'database writes per episode read (reading progress; payments are rarer)'),
  targetUtilisation: assumed(0.5, 'share of an instance\'s measured throughput planned at peak (headroom for a lost instance and bursts)'),
  coresPerInstance: assumed(1, 'cores per API instance (Node.js runs the request path on one)'),
  episodesInCatalogue: { 10_000: 3_300, 100_000: 20_000, 1_000_000: 100_000 } as Record<number, number>,
  dbQueriesPerCore: assumed(5_000, 'simple indexed statements/s one PostgreSQL core serves (pgbench-style point reads)'),
  siteRenderRps: measured(SITE_RENDER_RPS, SITE_RENDER_NOTE),
  sharedCacheHit: measured(SHARED_CACHE_HIT, SHARED_CACHE_NOTE),
  documentsPerReaderDay: assumed(3, "documents a daily reader's browser asks the site for: a visit's first page and links opened from elsewhere (a move inside the app asks for none)"),
  guestDocumentShare: assumed(0.6, 'share of those documents asked for by guests (not signed in): most readers of free first episodes'),
}

const number = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

const scales = [10_000, 100_000, 1_000_000]
const rows = scales.map((readers) => {
  const callsPerDay = readers * (F.episodesPerReaderDay.value * F.apiCallsPerEpisode.value + F.apiCallsPerSession.value)
  const averageRps = callsPerDay / 86_400
  const peakRps = averageRps * F.peakFactor.value
  // The bench ran one instance on 2 cores (with the load generator): per core of an instance, half.
  const rpsPerInstance = ((F.instanceRps.value / F.benchCores.value) * F.coresPerInstance.value) / F.mixCost.value
  const instances = Math.max(2, Math.ceil(peakRps / (rpsPerInstance * F.targetUtilisation.value)))
  const peakWrites = ((readers * F.episodesPerReaderDay.value * F.writesPerEpisode.value) / 86_400) * F.peakFactor.value
  const dbQps = peakRps * (1 - F.catalogueHit.value) * F.queriesPerMiss.value + peakWrites
  const dbCores = Math.max(1, Math.ceil(dbQps / F.dbQueriesPerCore.value / F.targetUtilisation.value))
  const connections = instances * 11 + 1
  const episodes = F.episodesInCatalogue[readers]!
  const storageGb = (episodes * F.pagesPerEpisode.value * (F.originalPageBytes.value + F.renditionsPerPage.value * F.pageBytes.value)) / 1e9
  const egressGbDay = (readers * F.episodesPerReaderDay.value * F.pagesPerEpisode.value * F.pageBytes.value) / 1e9
  const originGbDay = egressGbDay * (1 - F.cdnHit.value)
  const peakEgressGbit = ((egressGbDay * 8) / 86_400) * F.peakFactor.value
  // Documents: a guest's from the shared cache at its hit rate, the rest rendered by the site servers.
  const peakDocuments = ((readers * F.documentsPerReaderDay.value) / 86_400) * F.peakFactor.value
  const renderedDocuments = peakDocuments * (1 - F.guestDocumentShare.value * F.sharedCacheHit.value)
  const siteServers = (documents: number) => Math.max(2, Math.ceil(documents / (F.siteRenderRps.value * F.targetUtilisation.value)))
  return {
    readers, averageRps, peakRps, instances, rpsPerInstance, peakWrites, dbQps, dbCores, connections, episodes, storageGb, egressGbDay, originGbDay, peakEgressGbit,
    peakDocuments, renderedDocuments, siteServersCached: siteServers(renderedDocuments), siteServersUncached: siteServers(peakDocuments),
  }
})

/**
 * Each resource's load at peak over what one unit of it (one API instance, one PostgreSQL core, one
 * origin's 1 Gbit/s) carries at the planned utilisation: the highest saturates first.
 */
const saturates = (row: (typeof rows)[number]) => {
  const loads = [
    { what: `the API (${number(row.peakRps)} req/s; one instance is planned for ${number(row.rpsPerInstance * F.targetUtilisation.value)})`, share: row.peakRps / (row.rpsPerInstance * F.targetUtilisation.value) },
    { what: `one PostgreSQL core (${number(row.dbQps)} statements/s, ${number(row.peakWrites)} of them writes)`, share: row.dbQps / (F.dbQueriesPerCore.value * F.targetUtilisation.value) },
    { what: `one origin's network (${number(row.peakEgressGbit, 2)} Gbit/s of images at peak without a CDN, over 1 Gbit/s)`, share: row.peakEgressGbit / 1 },
    { what: `one site server (${number(row.renderedDocuments)} documents/s rendered; one is planned for ${number(F.siteRenderRps.value * F.targetUtilisation.value, 1)})`, share: row.renderedDocuments / (F.siteRenderRps.value * F.targetUtilisation.value) },
  ].sort((a, b) => b.share - a.share)
  return `${loads[0]!.what}, at ${number(loads[0]!.share * 100)} % of one unit; next ${loads[1]!.what} at ${number(loads[1]!.share * 100)} %`
}

const changes: Record<number, string> = {
  10_000: 'the topology as run here: a balancer, 2 API instances, 1 site server, one PostgreSQL, object storage behind a CDN',
  100_000: 'a managed PostgreSQL with a standby; the CDN also caches the public list answers for a few seconds (they are the same for every guest), and guests\' pages as the balancer\'s cache does (docs/deploy.md, "Guest pages from a shared cache")',
  1_000_000: 'the CDN is no longer optional (images, the public list answers and guests\' pages on it; without the pages, more than twice the site servers); API instances in two zones; PostgreSQL with a standby, and a read replica for catalogue reads once its CPU passes half; PgBouncer (transaction pooling) when instances × 11 connections nears max_connections; payments, coins and the audit log partitioned by month as they grow',
}

const lines: string[] = []
lines.push('| daily readers | peak API req/s | API instances | peak documents/s (rendered) | site servers (without the shared cache) | DB statements/s (peak) | DB cores | DB connections | catalogue storage | CDN egress / day (peak) | origin egress / day |')
lines.push('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const r of rows) {
  lines.push(
    `| ${number(r.readers)} | ${number(r.peakRps)} | ${r.instances} | ${number(r.peakDocuments, 1)} (${number(r.renderedDocuments, 1)}) | ${r.siteServersCached} (${r.siteServersUncached}) | ${number(r.dbQps)} | ${r.dbCores} | ${r.connections} | ${number(r.storageGb, 1)} GB (${number(r.episodes)} episodes) | ${number(r.egressGbDay)} GB (${number(r.peakEgressGbit, 2)} Gbit/s) | ${number(r.originGbDay, 1)} GB |`,
  )
}
lines.push('')
for (const r of rows) lines.push(`- **${number(r.readers)}**: saturates first: ${saturates(r)}. Runs on: ${changes[r.readers]}.`)
lines.push('')
lines.push('Inputs (measured on this machine, or assumed: change them in scripts/capacity.ts):')
lines.push('')
for (const [name, figure] of Object.entries(F)) {
  if ('source' in figure) lines.push(`- ${name} = ${number(figure.value as number, figure.value < 1 ? Math.min(4, Math.max(2, String(figure.value).split('.')[1]?.length ?? 0)) : 0)}: ${figure.source}, ${figure.note}`)
}
lines.push(`- episodesInCatalogue = ${Object.entries(F.episodesInCatalogue).map(([r, e]) => `${number(Number(r))} readers: ${number(e)}`).join(', ')}: assumed`)

console.log(values.markdown ? lines.join('\n') : lines.join('\n').replace(/\*\*/g, ''))
