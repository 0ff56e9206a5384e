// Developer accounts of /dashboard: allowed by an operator (CLI) or by the DASHBOARD_ALLOWED_EMAILS list on first sign-in.
import type { Clock } from '../../kernel/clock.ts';
import { DomainError } from '../../kernel/errors.ts';
import type { Sql } from '../../db/sql.ts';
import { PLAN_NAMES, type PlanName } from '../../platform/plans.ts';

export interface DeveloperAccount {
  id: number;
  email: string;
  /** The plan of the keys the account creates. */
  plan: PlanName;
  created_at: string;
  disabled_at: string | null;
}

export class DeveloperAccountRepository {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  /** Allows `email` (lower-cased) on `plan`; an existing account gets the plan and is enabled again. */
  async allow(email: string, plan: PlanName = 'free'): Promise<DeveloperAccount> {
    if (!PLAN_NAMES.includes(plan))
      throw new DomainError('invalid', 'invalid_plan', `plan must be one of ${PLAN_NAMES.join(', ')}`);
    const row = await this.sql.get<DeveloperAccount>(
      `INSERT INTO developer_accounts (email, plan, created_at) VALUES (?, ?, ?)
       ON CONFLICT (email) DO UPDATE SET plan = excluded.plan, disabled_at = NULL RETURNING *`,
      [email.toLowerCase(), plan, this.clock().toISOString()],
    );
    return row!;
  }

  /** Stops `email` from signing in (its keys keep working until revoked); false when there is no such account. */
  async disable(email: string): Promise<boolean> {
    return (
      (await this.sql.run('UPDATE developer_accounts SET disabled_at = ? WHERE email = ? AND disabled_at IS NULL', [
        this.clock().toISOString(),
        email.toLowerCase(),
      ])) > 0
    );
  }

  async byEmail(email: string): Promise<DeveloperAccount | null> {
    return (
      (await this.sql.get<DeveloperAccount>('SELECT * FROM developer_accounts WHERE email = ?', [
        email.toLowerCase(),
      ])) ?? null
    );
  }

  /** The enabled account with this id, or null. */
  async activeById(id: number): Promise<DeveloperAccount | null> {
    return (
      (await this.sql.get<DeveloperAccount>('SELECT * FROM developer_accounts WHERE id = ? AND disabled_at IS NULL', [
        id,
      ])) ?? null
    );
  }

  /**
   * The account `email` signs in as: its enabled account, or a new free one when the allow-list names it. A disabled
   * account stays disabled even if the list names it (the operator's decision wins).
   */
  async signInSubject(email: string, allowList: ReadonlySet<string>): Promise<number | null> {
    const found = await this.byEmail(email);
    if (found) return found.disabled_at ? null : found.id;
    if (!allowList.has(email.toLowerCase())) return null;
    await this.sql.run(
      'INSERT INTO developer_accounts (email, plan, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING',
      [email.toLowerCase(), 'free', this.clock().toISOString()],
    );
    const created = await this.byEmail(email);
    return created && !created.disabled_at ? created.id : null;
  }
}
