import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react'
import { createPortal } from 'react-dom'
import { useAppRunning } from '../hooks/serverSnapshots'

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.hasAttribute('inert') && element.getAttribute('aria-hidden') !== 'true',
  )
}

/** An open dialog, the dialog it was rendered in (React tree, not DOM: both portal to body) and its backdrop. */
interface OpenEntry {
  parent: OpenEntry | null
  backdrop?: HTMLElement | null
}

/**
 * Open dialogs in opening order. The top one (the latest without an open child) alone hears Escape
 * and keeps focus. Parents are known from render, so the child-first order of effects does not matter.
 */
const openDialogs: OpenEntry[] = []

function topDialog(): OpenEntry | undefined {
  const leaves = openDialogs.filter((candidate) => !openDialogs.some((other) => other.parent === candidate))
  return leaves[leaves.length - 1]
}

/** What this module made inert, so that it gives back exactly that and nothing a page set itself. */
let madeInert: Element[] = []

/**
 * Everything on the page but the top dialog is `inert` (no focus, no clicks, hidden from assistive
 * technology): the page's own content, other portals, and a dialog under the top one. Called on every
 * open and close, before focus moves.
 */
function updateInert() {
  const top = topDialog()?.backdrop
  madeInert.forEach((element) => element.removeAttribute('inert'))
  madeInert = top ? [...document.body.children].filter((child) => child !== top && !child.hasAttribute('inert')) : []
  madeInert.forEach((element) => element.setAttribute('inert', ''))
}

let scrollLocks = 0
let overflowBeforeLock = ''
let gutterBeforeLock = ''

/**
 * The page does not scroll while a dialog is open, and nothing moves when its scrollbar goes: a
 * classic scrollbar's room is kept (`scrollbar-gutter: stable`). No layout (jsdom) reads as none.
 */
function lockScroll() {
  if (scrollLocks++) return
  const root = document.documentElement
  overflowBeforeLock = root.style.overflow
  gutterBeforeLock = root.style.scrollbarGutter
  if (root.clientWidth && innerWidth > root.clientWidth) root.style.scrollbarGutter = 'stable'
  root.style.overflow = 'hidden'
}

function unlockScroll() {
  if (--scrollLocks) return
  const root = document.documentElement
  root.style.overflow = overflowBeforeLock
  root.style.scrollbarGutter = gutterBeforeLock
}

interface DialogParts {
  entry: OpenEntry
  titleId: string
  descriptionId: string
  setHasTitle(value: boolean): void
  setHasDescription(value: boolean): void
}

const DialogPartsContext = createContext<DialogParts | null>(null)
DialogPartsContext.displayName = 'DialogPartsContext'

export interface DialogProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'title'> {
  open: boolean
  /** Called on Escape and backdrop clicks, unless `dismissible` is false. */
  onClose?: () => void
  /** False for a dialog the user must answer (the age gate): Escape and the backdrop do nothing. */
  dismissible?: boolean
  /** Element focused on open; default the first focusable element, else the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>
  /** Class of the backdrop that holds the panel. */
  backdropClassName?: string
  children?: ReactNode
}

/**
 * The kit's modal dialog: `role="dialog"` with `aria-modal`, named by its {@link DialogTitle} and
 * described by its {@link DialogDescription}; focus moves in on open, is trapped while open and goes
 * back to where it was on close; Escape and a backdrop click close it unless `dismissible` is false;
 * the rest of the page is `inert` and does not scroll, its scrollbar's room kept so nothing moves.
 * Rendered in a portal on document.body (in place in a server render and the hydration that takes it
 * over); with two open, only the top one takes input.
 * Not a native `<dialog>`: its top layer and `showModal` are missing in jsdom and uneven in older
 * browsers, while this behaves the same everywhere.
 * @example
 * <Dialog open={open} onClose={close} className="comics-auth-modal">
 *   <DialogTitle>Sign In</DialogTitle>
 *   <DialogDescription>SIGN UP AND DISCOVER NEW EPISODES from your favourite comics</DialogDescription>
 * </Dialog>
 */
export function Dialog(props: DialogProps) {
  const appRunning = useAppRunning()
  if (!props.open) return null
  // A server render has no body to portal to: an open dialog is rendered in place, so that it is in
  // the server's HTML (an age gate covers the page from the first paint), and the hydration that takes
  // that HTML over renders it in place too; from the next render on it lives in its portal.
  if (!appRunning || typeof document === 'undefined') return <OpenDialog {...props} />
  return createPortal(<OpenDialog {...props} />, document.body)
}

function OpenDialog({
  open: _open,
  onClose,
  dismissible = true,
  initialFocusRef,
  backdropClassName,
  className,
  children,
  ...rest
}: DialogProps) {
  const panel = useRef<HTMLDivElement>(null)
  const parent = useContext(DialogPartsContext)?.entry ?? null
  const [entry] = useState<OpenEntry>(() => ({ parent }))
  const titleId = useId()
  const descriptionId = useId()
  // Null until the first commit has shown whether a DialogTitle and a DialogDescription are in it. A
  // server render runs no effect, so its HTML (an age gate that covers the page before the app runs)
  // names and describes the dialog by the parts' ids; the first commit drops a reference to a part that
  // is not there, before the browser paints.
  const [hasTitle, setHasTitle] = useState<boolean | null>(null)
  const [hasDescription, setHasDescription] = useState<boolean | null>(null)
  // After the parts' own layout effects (children's run first): a part not registered by now is absent.
  useLayoutEffect(() => {
    setHasTitle((known) => known ?? false)
    setHasDescription((known) => known ?? false)
  }, [])
  const latest = useRef({ onClose, dismissible })
  useEffect(() => {
    latest.current = { onClose, dismissible }
  })

  useLayoutEffect(() => {
    const element = panel.current
    if (!element) return
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null
    entry.backdrop = element.parentElement
    openDialogs.push(entry)
    updateInert()
    lockScroll()
    const isTop = () => topDialog() === entry
    // A dialog opened inside this one at the same time has already taken focus.
    if (isTop()) (initialFocusRef?.current ?? focusableIn(element)[0] ?? element).focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return
      if (event.key === 'Escape') {
        if (!latest.current.dismissible) return
        event.preventDefault()
        latest.current.onClose?.()
        return
      }
      if (event.key !== 'Tab') return
      const focusable = focusableIn(element)
      if (focusable.length === 0) {
        event.preventDefault()
        element.focus()
        return
      }
      const first = focusable[0]!
      const last = focusable[focusable.length - 1]!
      const active = document.activeElement
      if (event.shiftKey && (active === first || !element.contains(active))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || !element.contains(active))) {
        event.preventDefault()
        first.focus()
      }
    }
    // Focus that escapes (a click on the page behind, a script) is brought back in.
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !element.contains(event.target)) {
        ;(focusableIn(element)[0] ?? element).focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
      openDialogs.splice(openDialogs.indexOf(entry), 1)
      // The dialog below, or the page, takes input again before focus goes back into it.
      updateInert()
      unlockScroll()
      if (previouslyFocused?.isConnected) previouslyFocused.focus()
    }
    // Runs once per opening: the handlers read the latest props through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <div
      className={backdropClassName ? `comics-dialog__backdrop ${backdropClassName}` : 'comics-dialog__backdrop'}
      data-state="open"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && latest.current.dismissible) latest.current.onClose?.()
      }}
    >
      <div
        {...rest}
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={rest['aria-label'] ? undefined : hasTitle !== false ? titleId : undefined}
        aria-describedby={hasDescription !== false ? descriptionId : undefined}
        tabIndex={-1}
        data-state="open"
        data-dismissible={dismissible ? 'true' : 'false'}
        className={className ? `comics-dialog ${className}` : 'comics-dialog'}
      >
        <DialogPartsContext.Provider value={{ entry, titleId, descriptionId, setHasTitle, setHasDescription }}>
          {children}
        </DialogPartsContext.Provider>
      </div>
    </div>
  )
}

function useDialogParts(component: string): DialogParts {
  const parts = useContext(DialogPartsContext)
  if (!parts) throw new Error(`${component} must be rendered inside a <Dialog>.`)
  return parts
}

/**
 * The dialog's accessible name.
 * @example <DialogTitle>Change Password</DialogTitle>
 */
export function DialogTitle({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  const { titleId, setHasTitle } = useDialogParts('DialogTitle')
  useLayoutEffect(() => {
    setHasTitle(true)
    return () => setHasTitle(false)
  }, [setHasTitle])
  return <h2 {...rest} id={titleId} className={className ? `comics-dialog__title ${className}` : 'comics-dialog__title'} />
}

/**
 * The dialog's accessible description.
 * @example <DialogDescription>You need to confirm that you are over the age of 18 to read adult content.</DialogDescription>
 */
export function DialogDescription({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  const { descriptionId, setHasDescription } = useDialogParts('DialogDescription')
  useLayoutEffect(() => {
    setHasDescription(true)
    return () => setHasDescription(false)
  }, [setHasDescription])
  return (
    <p
      {...rest}
      id={descriptionId}
      className={className ? `comics-dialog__description ${className}` : 'comics-dialog__description'}
    />
  )
}
