// Checkout session states and the one table of what each step may do in each state; anything else is one refusal.
import { DomainError } from '../kernel/errors.ts';

export const SESSION_STATUSES = ['verified', 'address_completed', 'completed', 'abandoned'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

const OPEN = ['verified', 'address_completed'] as const;

/** Each step of a session: the states it may start from and the state it leaves (null: the state does not change). */
export const TRANSITIONS = {
  select_address: { from: OPEN, to: 'address_completed' },
  change_cart: { from: OPEN, to: null },
  // Paying needs somewhere to deliver: the address comes first.
  create_order: { from: ['address_completed'], to: null },
  record_cod: { from: ['address_completed'], to: 'completed' },
  // A payment the gateway has taken completes even an abandoned session: the buyer's money is real.
  confirm_payment: { from: [...OPEN, 'abandoned'], to: 'completed' },
  abandon: { from: [...OPEN, 'abandoned'], to: 'abandoned' },
} as const satisfies Record<string, { from: readonly SessionStatus[]; to: SessionStatus | null }>;

export type SessionStep = keyof typeof TRANSITIONS;

const REFUSALS: Record<SessionStatus, string> = {
  verified: 'This checkout session has not been verified',
  address_completed: 'This checkout session already has its address',
  // Completed by cash on delivery too, where nothing was paid: placed, not paid.
  completed: "This checkout's order was already placed",
  abandoned: 'This checkout session was abandoned; start a new one',
};

export function isAllowed(step: SessionStep, status: SessionStatus): boolean {
  return (TRANSITIONS[step].from as readonly SessionStatus[]).includes(status);
}

/** Throws 409 `session_<status>` when `step` may not happen in `status` (`address_required` before the address). */
export function assertAllowed(step: SessionStep, status: SessionStatus): void {
  if (isAllowed(step, status)) return;
  if (status === 'verified')
    throw new DomainError(
      'conflict',
      'address_required',
      'Complete the delivery address first (address_completed): a checkout is paid for once it knows where to deliver',
    );
  throw new DomainError('conflict', `session_${status}`, REFUSALS[status]);
}

/** `status IN (…)` of the states `step` may start from: the guard of an UPDATE that moves a session. */
export function fromStates(step: SessionStep): string {
  return `status IN (${TRANSITIONS[step].from.map((s) => `'${s}'`).join(', ')})`;
}
