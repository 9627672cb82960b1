export * from './routes'
export * from './host'
export * from './pageHead'
