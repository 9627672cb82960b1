import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AssetVariantSchema, hasUncensoredEdition, type AssetVariant, type Chapter, type Comic } from '@comics/core'
import { queryKeys, useApi } from '@comics/react'
import { AdminErrorMessage } from './AdminErrorMessage'
import { FileField } from './FileField'

const byFileName = new Intl.Collator(undefined, { numeric: true }).compare

/**
 * Uploads the pages of one episode in one variant (POST /comics/{id}/assets/{variant}), replacing the
 * pages that variant had. Files go in the order of their names (page-2 before page-10).
 */
export function PagesUploadForm({ comic, chapters }: { comic: Comic; chapters: readonly Chapter[] }) {
  const api = useApi()
  const queryClient = useQueryClient()
  const [chapterId, setChapterId] = useState(chapters[0]?.id ?? '')
  const [variant, setVariant] = useState<AssetVariant>(comic.contentRating === 'AO' ? 'censored' : 'legal')
  const [pages, setPages] = useState<File[]>([])
  const upload = useMutation({
    mutationFn: () =>
      api.assets.upload({
        comicId: comic.id,
        chapterId,
        variant,
        pages: [...pages].sort((a, b) => byFileName(a.name, b.name)),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['comics-kit', 'assets', comic.id] }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    upload.mutate()
  }

  return (
    <form className="site-admin__form" onSubmit={submit} aria-labelledby="site-admin-pages">
      <h3 id="site-admin-pages">Upload pages</h3>
      <label>
        Episode
        <select name="chapterId" value={chapterId} onChange={(event) => setChapterId(event.target.value)}>
          {chapters.map((chapter) => (
            <option key={chapter.id} value={chapter.id}>
              #{chapter.chapterNumber} {chapter.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Variant
        <select name="variant" value={variant} onChange={(event) => setVariant(event.target.value as AssetVariant)}>
          {AssetVariantSchema.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      {variant === 'uncensored' && !hasUncensoredEdition(comic) && (
        <p className="site-admin__hint">Readers see uncensored pages only on comics with the Uncensored genre.</p>
      )}
      <FileField label="Page images" name="pages" multiple onChange={() => undefined} onChangeAll={setPages} />
      {pages.length > 0 && <p className="site-admin__hint">{pages.length} page(s) selected.</p>}
      <AdminErrorMessage error={upload.error} />
      <button type="submit" className="comics-button" disabled={upload.isPending || pages.length === 0 || !chapterId}>
        Upload pages
      </button>
      {upload.isSuccess && <p role="status">Uploaded {upload.data.data.length} page(s).</p>}
    </form>
  )
}
