// Auth of @comics/core, free of any provider SDK: the Firebase adapter is the separate entry
// `@comics/core/firebase`, which loads the SDK only when it is first needed.
export * from './service'
export * from './messages'
export * from './errors'
export * from './action-link'
export * from './action-link-read'
export * from './token-sync'
export * from './auth-user'
