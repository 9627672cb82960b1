import { useId, useState, type FormEvent } from 'react'
import { COMMENT_MAX_LENGTH, commentTextProblem, isApiFailure } from '@comics/core'
import { formatMessage } from '../../messages'
import { COMMENT_MESSAGES } from '../../messages/commentMessages'
import { useAuthModal, useLocale, useMessages, useSession } from '../../hooks'

export interface CommentFormProps {
  /** Sends the comment; a rejection keeps the text and shows why. */
  onSubmit: (input: { text: string; spoiler: boolean }) => Promise<unknown>
  /** A reply's form ('Write a reply') or an edit's (text and spoiler mark filled in, 'Save'). */
  variant?: 'comment' | 'reply' | 'edit'
  initialText?: string
  initialSpoiler?: boolean
  onCancel?: () => void
  className?: string
}

/**
 * Writes a comment in plain text, at most core `COMMENT_MAX_LENGTH` characters (the count left shows
 * near the end), with a spoiler mark. A guest sees a button that opens the sign-in modal. A refusal
 * says why: suspended, too fast, or try again.
 * @example
 * <CommentForm onSubmit={(input) => post.mutateAsync(input)} />
 */
export function CommentForm({ onSubmit, variant = 'comment', initialText = '', initialSpoiler = false, onCancel, className }: CommentFormProps) {
  const messages = useMessages(COMMENT_MESSAGES)
  const locale = useLocale()
  const { signedIn } = useSession()
  const { openAuthModal } = useAuthModal()
  const id = useId()
  const [text, setText] = useState(initialText)
  const [spoiler, setSpoiler] = useState(initialSpoiler)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const base = className ? `comics-comment-form ${className}` : 'comics-comment-form'
  if (!signedIn) {
    return (
      <div className={base} data-state="guest">
        <button type="button" className="comics-button" onClick={() => openAuthModal()}>
          {messages['comments.form.signIn']}
        </button>
      </div>
    )
  }
  const length = [...text.trim()].length
  const problem = commentTextProblem(text)
  const left = COMMENT_MAX_LENGTH - length
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (problem || sending) return
    setSending(true)
    setFailure(null)
    try {
      await onSubmit({ text, spoiler })
      if (variant !== 'edit') {
        setText('')
        setSpoiler(false)
      }
    } catch (error) {
      const code = isApiFailure(error) ? error.code : ''
      setFailure(
        code === 'commenting_suspended'
          ? messages['comments.form.suspended']
          : code === 'rate_limited'
            ? messages['comments.form.rateLimited']
            : messages['comments.form.failed'],
      )
    } finally {
      setSending(false)
    }
  }
  const label = variant === 'reply' ? messages['comments.form.replyLabel'] : messages['comments.form.label']
  return (
    <form className={base} data-state={sending ? 'sending' : failure ? 'error' : 'ready'} onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-text`} className="comics-visually-hidden">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        className="comics-comment-form__text"
        value={text}
        placeholder={messages['comments.form.placeholder']}
        rows={variant === 'comment' ? 3 : 2}
        aria-invalid={problem === 'too_long' || undefined}
        aria-describedby={`${id}-left`}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="comics-comment-form__row">
        <label className="comics-comment-form__spoiler">
          <input type="checkbox" checked={spoiler} onChange={(event) => setSpoiler(event.target.checked)} /> {messages['comments.form.spoiler']}
        </label>
        <span id={`${id}-left`} className="comics-comment-form__left" data-over={left < 0 || undefined}>
          {left < 0
            ? formatMessage(messages['comments.form.tooLong'], { max: COMMENT_MAX_LENGTH }, locale)
            : left <= 100
              ? formatMessage(messages['comments.form.remaining'], { n: left }, locale)
              : ''}
        </span>
        {onCancel && (
          <button type="button" className="comics-button" data-variant="ghost" onClick={onCancel}>
            {messages['comments.form.cancel']}
          </button>
        )}
        <button type="submit" className="comics-button" disabled={problem !== null || sending} aria-busy={sending || undefined}>
          {variant === 'edit' ? messages['comments.form.save'] : messages['comments.form.post']}
        </button>
      </div>
      {failure && (
        <p role="alert" className="comics-comment-form__error">
          {failure}
        </p>
      )}
    </form>
  )
}
