import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { comicPath, searchPath, searchQueryOf, type Comic } from '@comics/core'
import { formatMessage } from '../../messages'
import { useComicSearch, useLink, useLocale, useMessages, useNavigate } from '../../hooks'

export interface SearchFieldProps {
  /** What the field holds at first (the /search page passes its query). */
  defaultValue?: string
  /** Quiet time after the last keystroke before searching; default core's SEARCH_DEBOUNCE_MS. */
  debounceMs?: number
  className?: string
}

/**
 * The search field of the top bar, an ARIA combobox (WAI-ARIA APG, list autocomplete): comics of the
 * host's ratings show in a listbox as the reader types, typos and accents forgiven. ArrowDown and ArrowUp
 * move through the results, Enter opens the one chosen (or, with none chosen, the /search page for what
 * was typed), Escape closes the list (a second Escape empties the field). States show as `data-state` on
 * the form (open, closed) and `data-status` (idle, loading, results, empty, error); a failed search offers
 * to try again.
 * @example
 * <TopBar search={<SearchField />} />
 */
export function SearchField({ defaultValue = '', debounceMs, className }: SearchFieldProps) {
  const messages = useMessages()
  const locale = useLocale()
  const navigate = useNavigate()
  const Link = useLink()
  const [typed, setTyped] = useState(defaultValue)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const input = useRef<HTMLInputElement>(null)
  const { query, status, comics, total, retry } = useComicSearch(typed, { debounceMs })
  const baseId = useId()
  const listId = `${baseId}-results`
  const optionId = (index: number) => `${baseId}-result-${index}`
  const expanded = open && status !== 'idle'
  const showsList = expanded && comics.length > 0 && status !== 'error'

  // A new answer: no result is chosen until the reader moves to one.
  useEffect(() => setActive(-1), [comics])

  const close = () => {
    setOpen(false)
    setActive(-1)
  }
  const choose = (comic: Comic) => {
    close()
    setTyped('')
    navigate(comicPath(comic.id))
  }
  const move = (step: 1 | -1) => {
    setOpen(true)
    if (comics.length === 0) return
    setActive((current) => (current === -1 ? (step === 1 ? 0 : comics.length - 1) : (current + step + comics.length) % comics.length))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      move(event.key === 'ArrowDown' ? 1 : -1)
    } else if (event.key === 'Enter' && showsList && active >= 0 && comics[active]) {
      event.preventDefault()
      choose(comics[active])
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault()
        close()
      } else if (typed) {
        event.preventDefault()
        setTyped('')
      }
    }
  }
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close()
  }

  const base = className ? `comics-search ${className}` : 'comics-search'
  return (
    <form
      role="search"
      aria-label={messages['search.label']}
      className={base}
      data-state={expanded ? 'open' : 'closed'}
      data-status={status}
      onBlur={onBlur}
      onSubmit={(event) => {
        event.preventDefault()
        const submitted = searchQueryOf(typed)
        if (!submitted) return
        close()
        navigate(searchPath(submitted))
      }}
    >
      <input
        ref={input}
        type="search"
        role="combobox"
        className="comics-input comics-search__input"
        aria-label={messages['search.label']}
        placeholder={messages['search.placeholder']}
        aria-autocomplete="list"
        aria-expanded={showsList}
        aria-controls={showsList ? listId : undefined}
        aria-activedescendant={showsList && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {expanded && (
        <div className="comics-search__popup">
          {showsList && (
            <ul role="listbox" id={listId} aria-label={messages['search.results']} className="comics-search__list">
              {comics.map((comic, index) => (
                <li
                  key={comic.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className="comics-search__option"
                  // Keeps the focus in the field: a click chooses without a blur closing the list first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(comic)}
                >
                  {comic.coverImageUrl && <img src={comic.coverImageUrl} alt="" className="comics-search__cover" width={32} height={42} loading="lazy" />}
                  <span className="comics-search__title">{comic.title}</span>
                </li>
              ))}
            </ul>
          )}
          {status === 'loading' && <p className="comics-search__note">{messages['search.searching']}</p>}
          {status === 'empty' && query && (
            <p className="comics-search__note">{formatMessage(messages['search.noResults'], { query }, locale)}</p>
          )}
          {status === 'error' && (
            <div role="alert" className="comics-search__note">
              {messages['search.failed']}{' '}
              <button type="button" className="comics-button" data-variant="ghost" onClick={() => { retry(); input.current?.focus() }}>
                {messages['common.retry']}
              </button>
            </div>
          )}
          {status === 'results' && query && total > comics.length && (
            <Link to={searchPath(query)} className="comics-link comics-search__all" onClick={close}>
              {formatMessage(messages['search.seeAll'], { query }, locale)}
            </Link>
          )}
        </div>
      )}
      <p role="status" className="comics-visually-hidden">
        {expanded && status === 'results' ? formatMessage(messages['search.found'], { n: total }, locale) : ''}
        {expanded && status === 'empty' && query ? formatMessage(messages['search.noResults'], { query }, locale) : ''}
      </p>
    </form>
  )
}
