// Response schema of the admin funnel: the widget's events by stage, and the same funnel and UTM counted from sessions.
import { z } from 'zod';

const Instant = z.string().meta({ format: 'date-time' });
const Ratio = z.number().min(0).max(1).nullable();

const SessionStageSchema = z.object({
  stage: z.enum(['verified', 'address_completed', 'payment_started', 'paid']),
  sessions: z.number().int(),
  from_previous: Ratio,
  from_start: Ratio,
});

const UtmRowSchema = z.object({
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  sessions: z.number().int(),
  paid: z.number().int(),
  revenue_paise: z.number().int(),
  conversion: Ratio,
});

export const FunnelReportSchema = z.object({
  from: Instant,
  to: Instant,
  total_events: z.number().int(),
  events: z.record(z.string(), z.number().int()),
  steps: z.record(z.string(), z.number().int()),
  stages: z.array(
    z.object({
      stage: z.string(),
      events: z.number().int(),
      sessions: z.number().int(),
      reached: z.number().int(),
      from_previous: Ratio,
      from_start: Ratio,
    }),
  ),
  overall_conversion: Ratio,
  abandonment_rate: Ratio,
  sessions: z.record(z.string(), z.number().int()),
  from_sessions: z
    .object({
      stages: z.array(SessionStageSchema),
      conversion: Ratio.meta({ description: 'Paid (gateway or COD) of all verified sessions' }),
      abandoned: z.number().int(),
      revenue_paise: z.number().int().meta({ description: 'Sum of recorded payments (COD at its cart value)' }),
      utm: z
        .array(UtmRowSchema)
        .meta({ description: 'Per source, medium and campaign (null: none), most sessions first, at most 50' }),
    })
    .meta({
      description:
        'The funnel as the server saw it, from checkout sessions and payments: counts whether or not the widget ' +
        'sends funnel events',
    }),
});
