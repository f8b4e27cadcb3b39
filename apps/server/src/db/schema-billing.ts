import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Billing's Stripe mapping and applied webhook effects (migration 0140). */
export interface BillingCustomersTable {
  team_id: string;
  stripe_customer_id: string;
  created_at: Generated<Date>;
}

export interface BillingSubscriptionsTable {
  team_id: string;
  stripe_subscription_id: string;
  lookup_key: string | null;
  stripe_status: string;
  current_period_start: Timestamp | null;
  current_period_end: Timestamp | null;
  cancel_at_period_end: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  team_id: string | null;
  received_at: Generated<Date>;
}

export interface BillingInvoiceGrantsTable {
  stripe_invoice_id: string;
  team_id: string;
  period_id: string;
  lookup_key: string;
  credits: number;
  created_at: Generated<Date>;
}

export interface BillingPackGrantsTable {
  source_id: string;
  team_id: string;
  period_id: string;
  credits: number;
  created_at: Generated<Date>;
}

export interface BillingDiscountsTable {
  team_id: string;
  coupon_id: string;
  stripe_subscription_id: string;
  applied_at: Generated<Date>;
}

export interface BillingCancellationsTable {
  id: Generated<string>;
  team_id: string;
  user_id: string | null;
  reason: string;
  details: string | null;
  created_at: Generated<Date>;
}
