import type { SiteMode } from '@comics/core/rules'
import type { PaymentProvider } from './payment-provider'

/**
 * The payment provider of each host mode (Stripe's terms exclude adult content: an operator of both hosts
 * may need one per host). New checkouts go to their host's provider; an order, a payment or a renewal
 * goes back to the provider that took it, by the name stored with it.
 */
export class PaymentProviders {
  private readonly byName = new Map<string, PaymentProvider>()

  /**
   * `settling`: providers no host mode opens checkouts with any more, still running for what they took
   * (their webhook, refunds and renewals of earlier orders), as after a switch from one to another.
   */
  constructor(
    private readonly byMode: Record<SiteMode, PaymentProvider>,
    settling: PaymentProvider[] = [],
  ) {
    for (const provider of [...Object.values(byMode), ...settling]) this.byName.set(provider.name, provider)
  }

  static single(provider: PaymentProvider): PaymentProviders {
    return new PaymentProviders({ adult: provider, normal: provider })
  }

  forMode(mode: SiteMode): PaymentProvider {
    return this.byMode[mode]
  }

  /** The provider that took an order or a payment (undefined when this server no longer runs it). */
  named(name: string | null | undefined): PaymentProvider | undefined {
    return name ? this.byName.get(name) : undefined
  }

  get all(): PaymentProvider[] {
    return [...this.byName.values()]
  }
}
