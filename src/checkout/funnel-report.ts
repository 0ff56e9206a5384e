// The admin funnel: counts per event type and step in a window, and conversion ratios along the checkout stages.
import type { FunnelCounts } from './funnel-repository.ts';
import { FUNNEL_EVENT_TYPES, FUNNEL_STEPS } from './schema.ts';

/** The ordered stages; each ratio is events at a stage divided by events at the stage before. */
export const FUNNEL_STAGES = [
  { stage: 'checkout_opened', events: ['checkout_opened'] },
  { stage: 'otp_sent', events: ['otp_sent'] },
  { stage: 'otp_verified', events: ['otp_verified'] },
  { stage: 'address', events: ['address_entered', 'address_selected'] },
  { stage: 'payment_selected', events: ['payment_selected'] },
  { stage: 'order_placed', events: ['order_placed'] },
] as const;

function ratio(a: number, b: number): number | null {
  return b === 0 ? null : Math.round((a / b) * 10_000) / 10_000;
}

/** Builds the report; every known event type and step appears, with zero when nothing was recorded. */
export function funnelReport(counts: FunnelCounts, from: string, to: string) {
  const events = Object.fromEntries(FUNNEL_EVENT_TYPES.map((e) => [e, 0])) as Record<string, number>;
  for (const row of counts.byEvent) events[row.event_type] = row.events;
  const steps = Object.fromEntries(FUNNEL_STEPS.map((s) => [s, 0])) as Record<string, number>;
  for (const row of counts.byStep) steps[row.step] = row.events;
  const stages = FUNNEL_STAGES.map((s, i) => {
    const count = s.events.reduce((sum, e) => sum + (events[e] ?? 0), 0);
    return { stage: s.stage, events: count, index: i };
  });
  const conversion = stages.map((s, i) => ({
    stage: s.stage,
    events: s.events,
    from_previous: i === 0 ? null : ratio(s.events, stages[i - 1]!.events),
    from_start: ratio(s.events, stages[0]!.events),
  }));
  const sessions = Object.fromEntries(['verified', 'address_completed', 'abandoned'].map((s) => [s, 0])) as Record<string, number>;
  for (const row of counts.sessionStatus) sessions[row.status] = row.sessions;
  const opened = events.checkout_opened ?? 0;
  return {
    from,
    to,
    total_events: Object.values(events).reduce((a, b) => a + b, 0),
    events,
    steps,
    conversion,
    overall_conversion: ratio(events.order_placed ?? 0, opened),
    abandonment_rate: ratio(events.checkout_abandoned ?? 0, opened),
    sessions: { ...sessions, total: Object.values(sessions).reduce((a, b) => a + b, 0) },
  };
}
