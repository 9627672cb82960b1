// Compiled by the smoke test's `tsc --noEmit`, never rendered: the packed declarations type the kit's
// props under Next.js. Each directive fails the check if its line compiles.
import { createPrefixedStorage, createMemoryStorage } from '@comics/core'
import { ComicsProvider, Reader } from '@comics/react'

// @ts-expect-error a Reader needs the episode's chapterId
export const readerWithoutEpisode = <Reader comicId="4" />

// @ts-expect-error the provider's storage is a KeyValueStorage, not a prefix
export const providerWithPrefix = <ComicsProvider apiBaseUrl="/api/v1" storage="comics:" />

export const namespaced = <ComicsProvider apiBaseUrl="/api/v1" storage={createPrefixedStorage(createMemoryStorage(), 'comics:')} />
