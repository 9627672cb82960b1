/**
 * What the topology's nginx and its checks know of the site's documents, spelled here because the stack
 * does not import the site it starts (the site's unit test testStackMarks.test.ts holds them equal to
 * the site's own): the cookies its pages set and its server reads (src/app/documentMarks.ts), and the
 * longest a shared cache keeps a guest's page past a catalogue change (src/app/documentCaching.ts).
 */
export const SIGNED_IN_COOKIE = 'comics_signed_in'
export const AGE_PASSED_COOKIE = 'comics_age_passed'
export const CUSTOM_READER_COOKIE = 'comics_custom_reader'
export const SHARED_FRESHNESS_BOUND_SECONDS = 30
