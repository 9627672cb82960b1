import { NewVersionPrompt } from '@comics/react'

/** The kit's prompt, in a chunk of its own (NewVersionNotice.tsx loads it when a new version waits). */
export default NewVersionPrompt
