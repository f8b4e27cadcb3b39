import type { ColumnType, Generated } from 'kysely';

/** The outbox: one row per published domain event, written in the publishing transaction. */
export interface DomainEventsTable {
  id: string;
  name: string;
  payload: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

/** A subscriber's record that it handled an event, written in the transaction of its reaction. */
export interface EventDeliveriesTable {
  event_id: string;
  subscriber: string;
  handled_at: Generated<Date>;
}
