import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  AssetSchema,
  normalizedPageAlt,
  PAGE_ALT_MAX_LENGTH,
  PageAltBodySchema,
  TRANSCRIPT_ENTRIES_MAX,
  TranscriptBodySchema,
  transcriptPages,
  type TranscriptEntry,
} from '../src'

describe('transcriptPages', () => {
  it('groups entries by page, pages in order, entries in the order written within a page', () => {
    const entries: TranscriptEntry[] = [
      { page: 2, kind: 'sound', text: 'BANG' },
      { page: 1, kind: 'narration', text: 'Dawn.' },
      { page: 2, kind: 'dialogue', speaker: 'Ari', text: 'Down!' },
      { page: 1, kind: 'description', text: 'A road by the sea.' },
    ]
    expect(transcriptPages(entries)).toEqual([
      { page: 1, entries: [entries[1], entries[3]] },
      { page: 2, entries: [entries[0], entries[2]] },
    ])
    expect(transcriptPages([])).toEqual([])
  })
})

describe('normalizedPageAlt', () => {
  it('trims, and makes none of an empty or missing text', () => {
    expect(normalizedPageAlt('  Two hands touch. ')).toBe('Two hands touch.')
    expect(normalizedPageAlt('   ')).toBeNull()
    expect(normalizedPageAlt(null)).toBeNull()
    expect(normalizedPageAlt(undefined)).toBeNull()
  })
})

describe('the contract of accessible episodes', () => {
  it('carries a page alt text of at most PAGE_ALT_MAX_LENGTH characters, optional', () => {
    const page = { id: '1', url: '/p.png' }
    expect(z.parse(AssetSchema, { ...page, alt: 'A door ajar.' }).alt).toBe('A door ajar.')
    expect(z.parse(AssetSchema, page)).not.toHaveProperty('alt')
    expect(z.safeParse(AssetSchema, { ...page, alt: 'x'.repeat(PAGE_ALT_MAX_LENGTH + 1) }).success).toBe(false)
    expect(z.safeParse(AssetSchema, { ...page, alt: '' }).success).toBe(false)
    // A studio write may clear one with null or ''.
    expect(z.safeParse(PageAltBodySchema, { pages: [{ assetId: '1', alt: null }, { assetId: '2', alt: '' }] }).success).toBe(true)
    expect(z.safeParse(PageAltBodySchema, { pages: [] }).success).toBe(false)
  })

  it('bounds a transcript: known kinds, pages from 1, words that are not blank, TRANSCRIPT_ENTRIES_MAX entries', () => {
    const ok = { page: 1, kind: 'dialogue', speaker: 'Mara', text: 'You came.' }
    expect(z.safeParse(TranscriptBodySchema, { entries: [ok] }).success).toBe(true)
    expect(z.safeParse(TranscriptBodySchema, { entries: [] }).success).toBe(true)
    for (const bad of [{ ...ok, page: 0 }, { ...ok, kind: 'whisper' }, { ...ok, text: '  ' }, { ...ok, speaker: '' }]) {
      expect(z.safeParse(TranscriptBodySchema, { entries: [bad] }).success, JSON.stringify(bad)).toBe(false)
    }
    expect(z.safeParse(TranscriptBodySchema, { entries: Array.from({ length: TRANSCRIPT_ENTRIES_MAX + 1 }, () => ok) }).success).toBe(false)
  })
})
