import Fastify from 'fastify'

// The yardstick of the benchmark: Fastify with one JSON route and nothing else, in its own process like
// the API, on the port given as the first argument.
const app = Fastify({ logger: false })
app.post('/bare', async () => ({ data: [] }))
app.get('/ready', async () => ({ ready: true }))
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2]) })
