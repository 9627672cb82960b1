import type { Chapter } from '@comics/core'
import { Dialog, DialogTitle } from '../../dialog'
import { useMessages } from '../../hooks'
import { EPISODE_MESSAGES } from '../../messages'
import { EpisodeEndCard } from '../EpisodeEndCard/EpisodeEndCard'
import { ReaderEpisodeRow } from './ReaderEpisodeRow'

export interface ReaderEpisodesDialogProps {
  open: boolean
  onClose(): void
  chapters: readonly Chapter[]
  currentChapterId: string
  uncensored: boolean
}

/**
 * The reader's 'List Episodes' overlay (spec §2 "Reader"): a modal dialog with a close control, one
 * row per episode with its title, 'Open' and a lock on locked rows, then the end-of-episode card (the
 * episode after the one open and what opens it for this reader). Escape and the backdrop close it;
 * focus returns to the button that opened it.
 */
export function ReaderEpisodesDialog({ open, onClose, chapters, currentChapterId, uncensored }: ReaderEpisodesDialogProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  return (
    <Dialog open={open} onClose={onClose} className="comics-reader-episodes">
      <div className="comics-reader-episodes__header">
        <DialogTitle>{messages['reader.listEpisodes']}</DialogTitle>
        <button type="button" className="comics-reader-episodes__close" aria-label={messages['common.close']} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <ol className="comics-reader-episodes__rows">
        {chapters.map((chapter) => (
          <ReaderEpisodeRow
            key={chapter.id}
            chapter={chapter}
            chapters={chapters}
            current={chapter.id === currentChapterId}
            uncensored={uncensored}
            onChoose={onClose}
          />
        ))}
      </ol>
      {chapters.length > 0 && (
        <EpisodeEndCard
          comicId={chapters[0]!.comicsId}
          chapterId={currentChapterId}
          uncensored={uncensored}
          headingLevel={3}
          onChoose={onClose}
          className="comics-reader-episodes__next"
        />
      )}
    </Dialog>
  )
}
