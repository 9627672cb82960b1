import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createMockState } from '@comics/mocks'
import { renderWithKit, type KitViewer } from '../../../test/render'
import { mockHandlers, server } from '../../../test/server'
import { PlanSelector } from './PlanSelector'

const DISCLAIMERS_4WEEKS = [
  '*$13.49 for the first 4 weeks, then $15.99 every 4 weeks.',
  '*The discount applies only to the first purchase.',
  '*Renews automatically at $15.99 every 4 weeks.',
  '*Cancel at least 24 hours before the period ends; access stays until then.',
]

const payButton = () => screen.getByRole('button', { name: 'Select and Pay' })

/** The disclaimer lines, found among Select and Pay's descriptions. */
const disclaimerTexts = () => {
  const described = payButton().getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!)
  const list = described.find((element) => element.tagName === 'UL')!
  return within(list).getAllByRole('listitem').map((item) => item.textContent)
}
const terms = () => screen.getByRole('checkbox', { name: 'I have read and agree to the Terms and Conditions and Privacy Policy' })

describe('PlanSelector', () => {
  it.each<[KitViewer, string[], string]>([
    ['guest', ['1 week', '4 weeks', '12 weeks', '24 weeks'], '4 weeks'],
    ['free', ['1 week', '4 weeks', '12 weeks', '24 weeks'], '4 weeks'],
    ['level1', ['4 weeks', '12 weeks', '24 weeks'], '4 weeks'],
    ['level2', ['12 weeks', '24 weeks'], '12 weeks'],
    ['level3', ['24 weeks'], '24 weeks'],
  ])('offers %s the plans above the level, the core default preselected', async (viewer, offered, preselected) => {
    renderWithKit(<PlanSelector />, { viewer })
    const radios = await screen.findAllByRole('radio')
    expect(radios.map((radio) => radio.closest('.comics-plan-card')!.querySelector('label')!.textContent)).toEqual(offered)
    expect(screen.getByRole('radio', { name: preselected })).toBeChecked()
    expect(screen.queryByText('You already have the maximum subscription')).not.toBeInTheDocument()
  })

  it('shows level 4 the maximum-subscription text in English and nothing to buy', async () => {
    renderWithKit(<PlanSelector />, { viewer: 'level4' })
    expect(await screen.findByText('You already have the maximum subscription')).toBeInTheDocument()
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Select and Pay' })).not.toBeInTheDocument()
  })

  it('takes an overridden maximum-subscription text, the spec\'s Russian for a Russian site', async () => {
    renderWithKit(<PlanSelector />, { viewer: 'level4', messages: { 'premium.maximum': 'У вас уже максимальная подписка' } })
    expect(await screen.findByText('У вас уже максимальная подписка')).toBeInTheDocument()
  })

  it('shows the back button, the sale banner, the heading and every card field', async () => {
    renderWithKit(<PlanSelector />, { viewer: 'free' })
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Unlimited access to more than 3000 episodes' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'PLEASE SELECT A PRODUCT' })).toBeInTheDocument()
    expect(await screen.findByRole('radiogroup', { name: 'PLEASE SELECT A PRODUCT' })).toBeInTheDocument()
    const card = screen.getByRole('radio', { name: '12 weeks' }).closest('.comics-plan-card') as HTMLElement
    expect(within(card).getByText('Premium')).toBeInTheDocument()
    expect(within(card).getByText('$24.99')).toBeInTheDocument()
    expect(within(card).getByText('per 12 weeks')).toBeInTheDocument()
    // $24.99 ÷ 12, to the cent (the spec's "$1.99" was typed by hand).
    expect(within(card).getByText('$2.08 per week')).toBeInTheDocument()
    // The plan's HTML description is rendered as markup, not as text.
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Unlimited access to more than 3000 episodes',
      'New comics every week',
      'Uncensored content included',
    ])
    expect(within(card).getByText('included')).toHaveProperty('tagName', 'STRONG')
    const fourWeeks = screen.getByRole('radio', { name: '4 weeks' }).closest('.comics-plan-card') as HTMLElement
    expect(within(fourWeeks).getByText('not included')).toBeInTheDocument()
  })

  it('lists the selected plan’s disclaimers, each prefixed with *', async () => {
    const { user } = renderWithKit(<PlanSelector />, { viewer: 'free' })
    await screen.findAllByRole('radio')
    expect(disclaimerTexts()).toEqual(DISCLAIMERS_4WEEKS)
    await user.click(screen.getByRole('radio', { name: '1 week' }))
    expect(disclaimerTexts()).toEqual([
      '*Renews automatically at $7.99 every week.',
      '*Cancel at least 24 hours before the period ends; access stays until then.',
    ])
    await user.click(screen.getByRole('radio', { name: '24 weeks' }))
    expect(disclaimerTexts()).toEqual([
      '*$41.99 for the first 24 weeks, then $79.99 every 24 weeks.',
      '*The discount applies only to the first purchase.',
      '*Renews automatically at $79.99 every 24 weeks.',
      '*Cancel at least 24 hours before the period ends; access stays until then.',
    ])
  })

  it('shows a reader who has paid before the renewal price as the price to pay, without the first-purchase lines', async () => {
    // level1 paid for the 1-week plan (the mocks' payments): the next purchase is charged the renewal price.
    const { user } = renderWithKit(<PlanSelector />, { viewer: 'level1' })
    await screen.findAllByRole('radio')
    const card = (id: string) => screen.getByRole('radio', { name: id }).closest('.comics-plan-card') as HTMLElement
    expect(within(card('4 weeks')).getByText('$15.99')).toBeInTheDocument()
    expect(within(card('12 weeks')).getByText('$35.99')).toBeInTheDocument()
    expect(within(card('24 weeks')).getByText('$79.99')).toBeInTheDocument()
    expect(screen.queryByText('$13.49')).not.toBeInTheDocument()
    // The per-week figure is of the price they pay: $35.99 ÷ 12 is $3.00, not the first purchase's.
    expect(
      ['4 weeks', '12 weeks', '24 weeks'].map((id) => card(id).querySelector('.comics-plan-card__per-week')!.textContent),
    ).toEqual(['$4.00 per week', '$3.00 per week', '$3.33 per week'])
    expect(disclaimerTexts()).toEqual([
      '*Renews automatically at $15.99 every 4 weeks.',
      '*Cancel at least 24 hours before the period ends; access stays until then.',
    ])
    await user.click(screen.getByRole('radio', { name: '24 weeks' }))
    expect(disclaimerTexts()).not.toContain('*The discount applies only to the first purchase.')
  })

  it('shows a first-time buyer the first-purchase price on the cards', async () => {
    renderWithKit(<PlanSelector />, { viewer: 'free' })
    await screen.findAllByRole('radio')
    const card = screen.getByRole('radio', { name: '4 weeks' }).closest('.comics-plan-card') as HTMLElement
    expect(within(card).getByText('$13.49')).toBeInTheDocument()
    expect(within(card).getByText('$3.37 per week')).toBeInTheDocument()
    // The one-week plan's price is its weekly price: no second figure.
    const oneWeek = screen.getByRole('radio', { name: '1 week' }).closest('.comics-plan-card') as HTMLElement
    expect(oneWeek.querySelector('.comics-plan-card__per-week')).toBeNull()
  })

  it('selects a plan by a click anywhere on its card and by the arrow keys', async () => {
    const { user } = renderWithKit(<PlanSelector />, { viewer: 'free' })
    await screen.findAllByRole('radio')
    await user.click(screen.getByText('$24.99'))
    expect(screen.getByRole('radio', { name: '12 weeks' })).toBeChecked()
    expect(screen.getByRole('radio', { name: '12 weeks' }).closest('.comics-plan-card')).toHaveAttribute('data-selected')
    screen.getByRole('radio', { name: '12 weeks' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('radio', { name: '24 weeks' })).toBeChecked()
  })

  it('records subscription_plan_selected when the selection changes, not for the default', async () => {
    const { user, events } = renderWithKit(<PlanSelector />, { viewer: 'level1' })
    await screen.findAllByRole('radio')
    await user.click(screen.getByRole('radio', { name: '4 weeks' }))
    expect(events).toEqual([])
    await user.click(screen.getByRole('radio', { name: '12 weeks' }))
    expect(events).toEqual([{ name: 'subscription_plan_selected', params: { planId: '12weeks', level: 3 } }])
  })

  it('keeps Select and Pay disabled until the terms are ticked, and says why', async () => {
    const { user } = renderWithKit(<PlanSelector />, { viewer: 'free' })
    await screen.findAllByRole('radio')
    expect(payButton()).toBeDisabled()
    expect(payButton()).toHaveAccessibleDescription(expect.stringMatching(/^Accept the terms to continue /))
    expect(screen.getByText('Accept the terms to continue')).toBeVisible()
    await user.click(terms())
    expect(payButton()).toBeEnabled()
    expect(screen.queryByText('Accept the terms to continue')).not.toBeInTheDocument()
    expect(payButton()).not.toHaveAccessibleDescription(expect.stringContaining('Accept the terms'))
    await user.click(terms())
    expect(payButton()).toBeDisabled()
  })

  it('names the terms and the privacy policy in the box as links to their pages, which do not tick it', async () => {
    const { user } = renderWithKit(<PlanSelector />, { viewer: 'free' })
    await screen.findAllByRole('radio')
    const label = (terms() as HTMLInputElement).labels![0]!
    expect(within(label).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-of-use')
    expect(within(label).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy')
    await user.click(within(label).getByRole('link', { name: 'Privacy Policy' }))
    expect(terms()).not.toBeChecked()
  })

  it('requests a checkout for the selected plan with this origin’s /account and goes to the returned url', async () => {
    const state = createMockState()
    const { user, redirect, navigate } = renderWithKit(<PlanSelector />, { viewer: 'level1', mocks: { state } })
    await screen.findAllByRole('radio')
    await user.click(screen.getByRole('radio', { name: '12 weeks' }))
    await user.click(terms())
    await user.click(payButton())
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1))
    expect(state.checkouts).toHaveLength(1)
    const [started] = state.checkouts
    // The provider sends the reader back to /account naming the checkout, which the account page confirms.
    expect(started).toMatchObject({ level: 3, planId: '12weeks', urlSuccess: `${window.location.origin}/account?checkout=${started!.id}` })
    const url = redirect.mock.calls[0]![0]
    expect(url).toMatch(/^https:\/\/checkout\.comics-mocks\.invalid\/pay\/checkout-\d+/)
    expect(new URL(url).searchParams.get('success')).toBe(`${window.location.origin}/account?checkout=${started!.id}`)
    expect(navigate).not.toHaveBeenCalled()
  })

  it('sends the checkout body on the wire', async () => {
    const bodies: unknown[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/subscriptions/checkout')) void request.clone().json().then((body) => bodies.push(body))
    })
    const { user, redirect } = renderWithKit(<PlanSelector />, { viewer: 'free' })
    await screen.findAllByRole('radio')
    await user.click(terms())
    await user.click(payButton())
    await waitFor(() => expect(redirect).toHaveBeenCalled())
    server.events.removeAllListeners()
    expect(bodies).toEqual([{ level: 2, title: '4weeks', urlSuccess: `${window.location.origin}/account` }])
  })

  it('disables Select and Pay while the checkout loads', async () => {
    const { user, redirect } = renderWithKit(<PlanSelector />, { viewer: 'free', mocks: { latencyMs: { checkout: 'infinite' } } })
    await screen.findAllByRole('radio')
    await user.click(terms())
    await user.click(payButton())
    await waitFor(() => expect(payButton()).toBeDisabled())
    expect(payButton()).toHaveAttribute('aria-busy', 'true')
    expect(redirect).not.toHaveBeenCalled()
  })

  it('shows a failed checkout with a retry, keeping the selection and the tick', async () => {
    const state = createMockState()
    const { user, redirect } = renderWithKit(<PlanSelector />, { viewer: 'free', mocks: { state, errors: { checkout: 500 } } })
    await screen.findAllByRole('radio')
    await user.click(screen.getByRole('radio', { name: '24 weeks' }))
    await user.click(terms())
    await user.click(payButton())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong. Please try again.')
    expect(redirect).not.toHaveBeenCalled()
    expect(screen.getByRole('radio', { name: '24 weeks' })).toBeChecked()
    expect(terms()).toBeChecked()
    expect(payButton()).toBeEnabled()

    server.use(...mockHandlers({ state }))
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1))
    expect(state.checkouts.at(-1)).toMatchObject({ planId: '24weeks', level: 4 })
  })

  it('goes back with onBack, or to / when there is no previous page', async () => {
    const onBack = vi.fn()
    const first = renderWithKit(<PlanSelector onBack={onBack} />, { viewer: 'free' })
    await first.user.click(screen.getByRole('button', { name: 'Back' }))
    expect(onBack).toHaveBeenCalledTimes(1)
    first.unmount()

    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1)
    const second = renderWithKit(<PlanSelector />, { viewer: 'free' })
    await second.user.click(screen.getByRole('button', { name: 'Back' }))
    expect(second.navigate).toHaveBeenCalledWith('/')
  })
})
