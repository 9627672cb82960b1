import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getPlan } from '@comics/core'
import { renderWithKit } from '../../../test/render'

const getPlanPrice = (planId: string) => `$${getPlan(planId)!.price.toFixed(2)}`
import { OrderSummary } from './OrderSummary'

describe('OrderSummary', () => {
  it.each([
    ['1week', '1 week', '$7.99', 'per week', 'not included'],
    ['4weeks', '4 weeks', '$13.49', 'per 4 weeks', 'not included'],
    ['12weeks', '12 weeks', '$24.99', 'per 12 weeks', 'included'],
    ['24weeks', '24 weeks', '$41.99', 'per 24 weeks', 'included'],
  ])('shows %s to a first-time buyer: Your Order, premium membership, duration, description and price with period', async (planId, duration, price, period, uncensored) => {
    renderWithKit(<OrderSummary planId={planId} />, { viewer: 'free' })
    const order = screen.getByRole('region', { name: 'Your Order' })
    expect(within(order).getByRole('heading', { name: 'Your Order' })).toBeInTheDocument()
    expect(within(order).getByText('premium membership')).toBeInTheDocument()
    expect(within(order).getByText(duration)).toBeInTheDocument()
    expect(within(order).getByText('Unlimited access to more than 3000 episodes')).toBeInTheDocument()
    expect(within(order).getByText(uncensored)).toHaveProperty('tagName', 'STRONG')
    expect(await within(order).findByText(price)).toBeInTheDocument()
    expect(within(order).getByText(period)).toBeInTheDocument()
  })

  it.each([
    ['4weeks', '$15.99'],
    ['12weeks', '$35.99'],
    ['24weeks', '$79.99'],
  ])('shows %s to a reader who has paid before at the renewal price, the price charged', async (planId, price) => {
    renderWithKit(<OrderSummary planId={planId} />, { viewer: 'level1' })
    const order = screen.getByRole('region', { name: 'Your Order' })
    expect(await within(order).findByText(price)).toBeInTheDocument()
    expect(within(order).queryByText(getPlanPrice(planId))).not.toBeInTheDocument()
  })

  it('renders nothing for an unknown plan', () => {
    const { container } = renderWithKit(<OrderSummary planId="3days" />, { viewer: 'free' })
    expect(container).toBeEmptyDOMElement()
  })

  it("writes the price the provider's locale's way", async () => {
    renderWithKit(<OrderSummary planId="4weeks" />, { viewer: 'free', locale: 'de-DE' })
    // Intl's no-break space before the sign is a plain space once getByText has normalised it; the price
    // shows once the viewer's payments say which one is charged.
    expect(await screen.findByText('13,49 $')).toBeInTheDocument()
    expect(screen.queryByText('$13.49')).not.toBeInTheDocument()
  })
})
