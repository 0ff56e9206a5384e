// In-memory CheckoutPorts for service tests that do not need the checkout tables.
import type { CheckoutPorts, CodDecision, PaymentConfig, PaymentSession } from '../../../src/payments/ports.ts';

export class MemoryPorts implements CheckoutPorts {
  sessions = new Map<string, PaymentSession>();
  configs = new Map<string, PaymentConfig>();
  cod: CodDecision = { allowed: true };
  origins = new Map<string, string[]>();

  sessionByToken(token: string): PaymentSession | null {
    return this.sessions.get(token) ?? null;
  }

  paymentConfig(merchantId: string): PaymentConfig | null {
    return this.configs.get(merchantId) ?? null;
  }

  codDecision(): CodDecision {
    return this.cod;
  }

  allowedOrigins(merchantId: string): string[] {
    return this.origins.get(merchantId) ?? [];
  }
}
