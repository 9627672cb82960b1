// System packages some tests need, from Debian's packages: PostgreSQL for the API suite on a real
// server, Chromium for the browser tests (Storybook stories, the site end to end), nginx for the
// two-instance topology's load balancer. Installed only when
// missing, and only where we may (root); otherwise the tests that need them say what to install.
import { execSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'

function hasPostgres() {
  if (!existsSync('/usr/lib/postgresql')) return false
  return readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
}

const wanted = [
  { name: 'postgresql', present: hasPostgres },
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  // The load balancer of the two-instance topology (scripts/topology).
  { name: 'nginx', present: () => existsSync('/usr/sbin/nginx') },
]

export function ensureSystemPackages() {
  const missing = wanted.filter((p) => !p.present()).map((p) => p.name)
  if (missing.length === 0) return
  if (process.getuid?.() !== 0) {
    console.warn(`Missing system packages: ${missing.join(' ')} (install them with apt-get as root)`)
    return
  }
  console.log(`Installing system packages: ${missing.join(' ')}`)
  execSync('apt-get update -qq', { stdio: 'inherit' })
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' })
}
