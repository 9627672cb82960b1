import { useState } from 'react'
import { AssetVariantSchema, hasUncensoredEdition, type AssetVariant, type Chapter, type Comic } from '@comics/core'
import { ADMIN_MESSAGES, EpisodeAccessibilityEditor, PageUploader, useMessages } from '@comics/react'

/**
 * The pages of one episode in one variant: the kit's PageUploader (drop or choose, natural order,
 * reorder, per-file progress, retry) on the episode and variant chosen here, the variant named in a
 * creator's words (the general site's pages, not 'legal'). The pages that variant has show first. Under it,
 * the same episode's accessibility: the alt text of its pages in that variant and its transcript (a form
 * of its own beside this one: forms do not nest).
 */
export function PagesUploadForm({ comic, chapters }: { comic: Comic; chapters: readonly Chapter[] }) {
  const [chapterId, setChapterId] = useState(chapters[0]?.id ?? '')
  const [variant, setVariant] = useState<AssetVariant>(comic.contentRating === 'AO' ? 'censored' : 'legal')
  const chapter = chapters.find((candidate) => candidate.id === chapterId)
  const messages = useMessages(ADMIN_MESSAGES)

  return (
    <>
      <form className="site-admin__form" onSubmit={(event) => event.preventDefault()} aria-labelledby="site-admin-pages">
        <h3 id="site-admin-pages">Upload pages</h3>
        <label>
          Episode
          <select name="chapterId" value={chapterId} onChange={(event) => setChapterId(event.target.value)}>
            {chapters.map((option) => (
              <option key={option.id} value={option.id}>
                #{option.chapterNumber} {option.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Variant
          <select name="variant" value={variant} onChange={(event) => setVariant(event.target.value as AssetVariant)}>
            {AssetVariantSchema.options.map((option) => (
              <option key={option} value={option}>
                {messages[`pageUpload.variant.${option}`]}
              </option>
            ))}
          </select>
        </label>
        {variant === 'uncensored' && !hasUncensoredEdition(comic) && (
          <p className="site-admin__hint">Readers see uncensored pages only on comics with the Uncensored genre.</p>
        )}
        {chapter && <PageUploader comicId={comic.id} chapterId={chapter.id} variant={variant} publishAt={chapter.publishAt} />}
      </form>
      {chapter && <EpisodeAccessibilityEditor comicId={comic.id} chapterId={chapter.id} variant={variant} />}
    </>
  )
}
