import type { PlanKey } from '@xtrader/core/api/billing';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../store/database';
import { isUniqueViolation } from '../../store/errors';
import type { SubscriptionChange } from './events';
import type { SubscriptionsTable } from './tables';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
type NewSubscription = Insertable<SubscriptionsTable>;

type Executor = Kysely<Database> | Transaction<Database>;

function billingQueries(db: Executor) {
  return {
    listForUser: (userId: string) =>
      db.selectFrom('subscriptions').selectAll().where('userId', '=', userId).orderBy('createdAt').execute(),

    findById: (id: string) =>
      db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst(),

    findByCheckoutRef: (checkoutRef: string) =>
      db.selectFrom('subscriptions').selectAll().where('checkoutRef', '=', checkoutRef).executeTakeFirst(),

    /** The newest record of a provider subscription; a paid one before a trial that converted into it. */
    findByProviderSubscriptionId: (providerSubscriptionId: string) =>
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('providerSubscriptionId', '=', providerSubscriptionId)
        .orderBy((eb) => eb.case().when('planCode', '=', 'freeTrial').then(1).else(0).end())
        .orderBy('createdAt', 'desc')
        .executeTakeFirst(),

    /** The newest unlinked checkout of a customer for a plan: how an event is matched before the id is known. */
    findOpenCheckout: (customerEmail: string, planCode: PlanKey) =>
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('customerEmail', '=', customerEmail)
        .where('planCode', '=', planCode)
        .where('providerSubscriptionId', 'is', null)
        .where('status', 'in', ['pending', 'failed'])
        .orderBy('createdAt', 'desc')
        .executeTakeFirst(),

    /** Inserts; false when a unique rule refused it (the one free trial per user). */
    async insert(row: NewSubscription): Promise<boolean> {
      try {
        await db.insertInto('subscriptions').values(row).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /** Deletes a record (a trial the provider refused to create). */
    async remove(id: string) {
      await db.deleteFrom('subscriptions').where('id', '=', id).execute();
    },

    async update(id: string, change: SubscriptionChange & { providerSubscriptionId?: string }, now: number) {
      await db
        .updateTable('subscriptions')
        .set({ ...change, updatedAt: now })
        .where('id', '=', id)
        .execute();
    },

    /** Records an applied event; false when it was recorded before (a replay). */
    async recordEvent(event: {
      id: string;
      eventType: string;
      subscriptionId: string | null;
      receivedAt: number;
    }) {
      // ON CONFLICT rather than catching the violation: on PostgreSQL an error would abort the transaction.
      const result = await db
        .insertInto('billingEvents')
        .values(event)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
  };
}

export type BillingQueries = ReturnType<typeof billingQueries>;

/** The billing module's tables; `transaction` runs several queries atomically. */
export function createBillingStore(db: Kysely<Database>) {
  return {
    ...billingQueries(db),
    transaction: <T>(work: (queries: BillingQueries) => Promise<T>): Promise<T> =>
      db.transaction().execute((trx) => work(billingQueries(trx))),
  };
}

export type BillingStore = ReturnType<typeof createBillingStore>;
