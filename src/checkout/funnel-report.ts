// The admin funnel: counts per event type and step in a window, and how far buyers got along the checkout stages.
import type { FunnelCounts } from './funnel-repository.ts';

/** The ordered stages and the event types that show a buyer reached them (README: Funnel events). */
export const FUNNEL_STAGES = [
  { stage: 'checkout_opened', events: ['checkout_opened'] },
  { stage: 'otp_sent', events: ['otp_sent', 'email_entered'] },
  { stage: 'otp_verified', events: ['otp_verified'] },
  { stage: 'address', events: ['address_entered', 'address_selected'] },
  { stage: 'payment_selected', events: ['payment_selected'] },
  { stage: 'order_placed', events: ['order_placed'] },
] as const;

export const STAGE_EVENTS: ReadonlyArray<readonly string[]> = FUNNEL_STAGES.map((s) => s.events);

function ratio(a: number, b: number): number | null {
  return b === 0 ? null : Math.round((a / b) * 10_000) / 10_000;
}

/**
 * A stage's `reached` is the largest count (distinct sessions plus events sent without a session id) of that stage or
 * any later one: a buyer seen at a later step passed the earlier ones. So `reached` never grows along the funnel and no
 * conversion ratio exceeds 1, whatever order or mix of events a widget sends.
 */
export function funnelReport(
  counts: FunnelCounts,
  sessionStatuses: Record<'verified' | 'address_completed' | 'completed' | 'abandoned', number>,
  from: string,
  to: string,
) {
  const units = FUNNEL_STAGES.map((_s, i) => {
    const row = counts.byStage.find((r) => r.stage === i);
    return {
      events: row?.events ?? 0,
      units: (row?.sessions ?? 0) + (row?.anonymous ?? 0),
      sessions: row?.sessions ?? 0,
    };
  });
  const reached = new Array<number>(units.length).fill(0);
  for (let i = units.length - 1; i >= 0; i--) reached[i] = Math.max(units[i]!.units, reached[i + 1] ?? 0);
  const stages = FUNNEL_STAGES.map((s, i) => ({
    stage: s.stage,
    events: units[i]!.events,
    sessions: units[i]!.sessions,
    reached: reached[i]!,
    from_previous: i === 0 ? null : ratio(reached[i]!, reached[i - 1]!),
    from_start: ratio(reached[i]!, reached[0]!),
  }));
  const events = Object.fromEntries(counts.byEvent.map((r) => [r.event_type, r.events]));
  const abandoned = counts.byEvent.find((r) => r.event_type === 'checkout_abandoned')?.events ?? 0;
  return {
    from,
    to,
    total_events: counts.total,
    events,
    steps: Object.fromEntries(counts.byStep.map((r) => [r.step, r.events])),
    stages,
    overall_conversion: ratio(reached[reached.length - 1]!, reached[0]!),
    abandonment_rate: reached[0] === 0 ? null : Math.min(1, ratio(abandoned, reached[0]!)!),
    sessions: { ...sessionStatuses, total: Object.values(sessionStatuses).reduce((a, b) => a + b, 0) },
  };
}
