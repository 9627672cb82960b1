import { useId } from 'react'
import type { PaymentMethod } from '@comics/core'
import { useMessages, usePaymentMethods } from '../../hooks'
import { formatMessage } from '../../messages'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface PaymentMethodSelectProps {
  /** The selected method's `paymentSystem`; null or absent when none is chosen yet. */
  value?: string | null
  /** Called with the method the reader picks. */
  onChange: (method: PaymentMethod) => void
  className?: string
}

/**
 * The payment page's 'Select payment method' dropdown (spec §2, §7): the deposit methods only, in two
 * columns, Method and Order currency. A native `<select>`, so the browser gives it the listbox readers
 * know on every platform: type-ahead, arrows, Home and End, the picked option scrolled into view, the
 * phone's own picker. The columns are its group's label ('Method — Order currency') and each option's
 * text ('Visa / Mastercard — USD, EUR'), messages 'payment.methodColumns' and 'payment.methodOption'.
 * Loading shows a status and a failed load an alert with a retry.
 * @example
 * const [method, setMethod] = useState<PaymentMethod | null>(null)
 * <PaymentMethodSelect value={method?.paymentSystem} onChange={setMethod} />
 */
export function PaymentMethodSelect({ value, onChange, className }: PaymentMethodSelectProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const query = usePaymentMethods()
  const selectId = useId()
  const methods = query.data ?? []
  const selected = value ?? ''
  const rootClass = className ? `comics-payment-method-select ${className}` : 'comics-payment-method-select'

  return (
    <div className={rootClass}>
      <label htmlFor={selectId} className="comics-payment-method-select__label">
        {messages['payment.selectMethod']}
      </label>
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
        <select
          id={selectId}
          className="comics-payment-method-select__control"
          value={selected}
          onChange={(event) => {
            const method = methods.find((m) => m.paymentSystem === event.target.value)
            if (method) onChange(method)
          }}
        >
          {/* Shown until a method is picked; never picked itself. */}
          <option value="" disabled>
            {messages['payment.selectMethod']}
          </option>
          <optgroup
            label={formatMessage(messages['payment.methodColumns'], {
              method: messages['payment.method'],
              orderCurrency: messages['payment.orderCurrency'],
            })}
          >
            {methods.map((method) => (
              <option key={method.paymentSystem} value={method.paymentSystem}>
                {formatMessage(messages['payment.methodOption'], {
                  method: method.title,
                  currencies: Object.keys(method.orderCurrency).join(', '),
                })}
              </option>
            ))}
          </optgroup>
        </select>
      )}
    </div>
  )
}
