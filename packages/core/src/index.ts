// The whole public surface of @comics/core. Each capability is its own build entry, so a bundler keeps
// only what an app imports (importing PLANS pulls in neither zod nor axios).
export * from './contract'
export * from './rules'
export * from './site'
export * from './stores'
export * from './forms'
export * from './analytics'
export * from './api'
export * from './auth'
export * from './offline'
