import { startS3Server } from './index'

// Starts s3rver (see startS3Server) and prints one JSON line: its endpoint, bucket, credentials and the
// API's storage variables (`env`). Stops on SIGTERM or SIGINT, removing its temporary folder, so a script
// that started it stops it by its PID.
//   tsx tools/s3-server/src/cli.ts [--bucket NAME] [--port N]
const args = process.argv.slice(2)
const option = (name: string) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args[at + 1] : undefined
}
const port = option('port')
const bucket = option('bucket')
const server = await startS3Server({ ...(bucket ? { bucket } : {}), ...(port ? { port: Number(port) } : {}) })
const { stop, ...described } = server
console.log(JSON.stringify(described))
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void stop().then(() => process.exit(0), () => process.exit(1)))
}
