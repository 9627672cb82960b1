import { useId, useState, type KeyboardEvent } from 'react'
import type { PaymentMethod } from '@comics/core'
import { useMessages, usePaymentMethods } from '../../hooks'

export interface PaymentMethodSelectProps {
  /** The selected method's `paymentSystem`; null or absent when none is chosen yet. */
  value?: string | null
  /** Called with the method the reader picks. */
  onChange: (method: PaymentMethod) => void
  className?: string
}

const currenciesOf = (method: PaymentMethod) => Object.keys(method.orderCurrency).join(', ')

/**
 * The payment page's 'Select payment method' dropdown (spec §2, §7): the deposit methods only, in two
 * columns, Method and Order currency. It is a select-only combobox with a listbox popup (WAI-ARIA APG):
 * arrows, Home and End move, Enter or Space picks, Escape closes; the open state is `data-state` on
 * the root. Loading shows a status and a failed load an alert with a retry.
 * @example
 * const [method, setMethod] = useState<PaymentMethod | null>(null)
 * <PaymentMethodSelect value={method?.paymentSystem} onChange={setMethod} />
 */
export function PaymentMethodSelect({ value, onChange, className }: PaymentMethodSelectProps) {
  const messages = useMessages()
  const query = usePaymentMethods()
  const [open, setOpen] = useState(false)
  const [activeIndex, setActiveIndex] = useState(0)
  const labelId = useId()
  const listboxId = useId()
  const optionId = (index: number) => `${listboxId}-option-${index}`

  const methods = query.data ?? []
  const selectedIndex = methods.findIndex((m) => m.paymentSystem === value)
  const selected = selectedIndex >= 0 ? methods[selectedIndex] : undefined
  const rootClass = className ? `comics-payment-method-select ${className}` : 'comics-payment-method-select'

  const openAt = (index: number) => {
    setActiveIndex(Math.min(Math.max(index, 0), Math.max(methods.length - 1, 0)))
    setOpen(true)
  }
  const pick = (index: number) => {
    const method = methods[index]
    if (method) onChange(method)
    setOpen(false)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = methods.length - 1
    const keys: Record<string, () => void> = open
      ? {
          ArrowDown: () => setActiveIndex((i) => Math.min(i + 1, last)),
          ArrowUp: () => setActiveIndex((i) => Math.max(i - 1, 0)),
          Home: () => setActiveIndex(0),
          End: () => setActiveIndex(last),
          Enter: () => pick(activeIndex),
          ' ': () => pick(activeIndex),
          Escape: () => setOpen(false),
        }
      : {
          ArrowDown: () => openAt(selectedIndex >= 0 ? selectedIndex : 0),
          ArrowUp: () => openAt(selectedIndex >= 0 ? selectedIndex : 0),
          Home: () => openAt(0),
          End: () => openAt(last),
          Enter: () => openAt(selectedIndex >= 0 ? selectedIndex : 0),
          ' ': () => openAt(selectedIndex >= 0 ? selectedIndex : 0),
        }
    const action = keys[event.key]
    if (!action) return
    event.preventDefault()
    action()
  }

  return (
    <div className={rootClass} data-state={open ? 'open' : 'closed'}>
      <span id={labelId} className="comics-payment-method-select__label">
        {messages['payment.selectMethod']}
      </span>
      {query.isPending ? (
        <p role="status" className="comics-payment-method-select__status">
          {messages['common.loading']}
        </p>
      ) : query.isError ? (
        <div role="alert" className="comics-payment-method-select__error">
          <p>{messages['common.error']}</p>
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => void query.refetch()}>
            {messages['common.retry']}
          </button>
        </div>
      ) : (
        <>
          <button
            type="button"
            role="combobox"
            className="comics-payment-method-select__control"
            aria-labelledby={labelId}
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={listboxId}
            aria-activedescendant={open && methods.length > 0 ? optionId(activeIndex) : undefined}
            data-placeholder={selected ? undefined : ''}
            onClick={() => (open ? setOpen(false) : openAt(selectedIndex >= 0 ? selectedIndex : 0))}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          >
            {selected ? (
              <MethodColumns method={selected} />
            ) : (
              <span className="comics-payment-method-select__placeholder">{messages['payment.selectMethod']}</span>
            )}
            <span aria-hidden="true" className="comics-payment-method-select__chevron" />
          </button>
          <div className="comics-payment-method-select__popup" hidden={!open}>
            <div className="comics-payment-method-select__columns" aria-hidden="true">
              <span>{messages['payment.method']}</span>
              <span>{messages['payment.orderCurrency']}</span>
            </div>
            <ul
              id={listboxId}
              role="listbox"
              aria-labelledby={labelId}
              className="comics-payment-method-select__options"
              // Keeps focus on the combobox, so picking with the mouse does not close the popup first.
              onMouseDown={(event) => event.preventDefault()}
            >
              {methods.map((method, index) => (
                <li
                  key={method.paymentSystem}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === selectedIndex}
                  className="comics-payment-method-select__option"
                  data-active={open && index === activeIndex ? '' : undefined}
                  onMouseEnter={() => setActiveIndex(index)}
                  onClick={() => pick(index)}
                >
                  <MethodColumns method={method} />
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </div>
  )
}

/** A method as its two columns: its title and the currencies it takes. */
function MethodColumns({ method }: { method: PaymentMethod }) {
  return (
    <span className="comics-payment-method-select__row">
      <span className="comics-payment-method-select__method">{method.title}</span>{' '}
      <span className="comics-payment-method-select__currency">{currenciesOf(method)}</span>
    </span>
  )
}
