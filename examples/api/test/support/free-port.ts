// The workspace's test stack finds free ports for every suite the same way.
export { freePort } from '@comics/test-stack/freePort'
