export * from './routes'
export * from './host'
