/** What the global setup tells the tests about the running stack. */
export interface E2eStack {
  /** The site on the adult host, e.g. http://adult.localhost:41234 (Chromium resolves *.localhost). */
  adultOrigin: string
  /** The site on the first mirror host, e.g. http://localhost:41234. */
  mirrorOrigin: string
  sitePort: number
  /** The site's build folder: the browser's files and the server, as siteBuild.ts lays them out (clientDir, serverFile). */
  siteDistDir: string
  /** The API itself, for Node-side calls (with a Host header) and its sandbox checkout page. */
  apiUrl: string
  /** Write a number of milliseconds here to move the API's clock (scheduled releases); write 0 to restore it. */
  apiClockOffsetFile: string
  /**
   * Write SERVER_API_DOWN (serverApiFaults.ts) here and the site server's own calls to the API fail (its
   * pages are then sent without the API's data); write '' to let them through again.
   */
  serverApiFaultFile: string
  /** The Auth emulator as 'host:port'. */
  emulatorHost: string
  /** The Google Analytics measurement id the site is built with. */
  gaId: string
  /** Where the token sync stand-in lists the calls it received (tokenSyncRecorder.ts). */
  tokenSyncCallsUrl: string
  catalogue: E2eCatalogue
}

export interface E2eComic {
  id: string
  title: string
  /** Chapter ids by chapter number: chapterIds[0] is episode 1. */
  chapterIds: string[]
  chapterTitles: string[]
}

/** Comics of the seeded catalogue the journeys need, found by what they are. */
export interface E2eCatalogue {
  /** An AO comic with an uncensored edition and at least 4 episodes (adult host). */
  uncensoredComic: E2eComic
  /** A comic listed on the mirror host, with at least 4 episodes. */
  mirrorComic: E2eComic
  /** The mirror comic 'Long Strip' (SEED_LONG_COMIC): 3 free episodes of 24 pages. */
  longComic: E2eComic
  /** Every genre of the adult host's comics. */
  adultGenres: { id: string; name: string }[]
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: E2eStack
  }
}
