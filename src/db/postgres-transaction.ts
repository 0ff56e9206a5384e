// A transaction on PostgreSQL whose connection may drop or stop answering part-way: given up for its caller as
// store_unavailable, and nothing of it sent afterwards that could run outside it.
import type postgres from 'postgres';
import type { Sql } from './sql.ts';
import { all, notAnswering, rethrow, run, unavailable, watchSilence, type Liveness } from './postgres-statements.ts';

/** Where a transaction stands while its function may still be running. */
interface TransactionLife {
  /** Settled for its caller: no statement of it is sent any more. */
  over: boolean;
  /**
   * postgres.js settled it early because the connection closed; it would send the function's COMMIT or ROLLBACK on
   * whatever connection the pool opened in its place (outside any transaction, or into another request's exchange), so
   * the function is left unsettled. Given up while the connection lives (no answer), it settles, and is rolled back.
   */
  closed: boolean;
  /** The function has settled. */
  finished: boolean;
}

/** Runs `fn` in a transaction on `client`; store_unavailable once the database answers nothing (watchSilence). */
export function transaction<T>(client: postgres.Sql, live: Liveness, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const life: TransactionLife = { over: false, closed: false, finished: false };
    const stop = watchSilence(live, () => {
      life.over = true;
      reject(unavailable(notAnswering()));
    });
    const done = client.begin((tx) => untilClosed(life, fn(txView(tx, life, live)))) as Promise<T>;
    done.then(
      (value) => {
        stop();
        life.over = true;
        resolve(value);
      },
      (err: unknown) => {
        stop();
        life.closed ||= !life.finished;
        life.over = true;
        try {
          rethrow(err);
        } catch (refused) {
          reject(refused instanceof Error ? refused : new Error(String(refused)));
        }
      },
    );
  });
}

function txView(tx: postgres.TransactionSql, life: TransactionLife, live: Liveness): Sql {
  const open = (): postgres.TransactionSql => {
    if (life.over) throw unavailable(new Error('the transaction was given up'));
    return tx;
  };
  const view: Sql = {
    dialect: 'postgres',
    all: async <T>(text: string, params: readonly unknown[] = []) => all<T>(open(), text, params, live),
    get: async <T>(text: string, params: readonly unknown[] = []) => (await all<T>(open(), text, params, live))[0],
    run: async (text: string, params: readonly unknown[] = []) => run(open(), text, params, live),
    transaction: async <T>(fn: (inner: Sql) => Promise<T>) =>
      open().savepoint((sp) => untilClosed(life, fn(txView(sp, life, live)))) as Promise<T>,
  };
  return view;
}

/** The function's outcome, or none once its connection closed under it: postgres.js then sends nothing more. */
function untilClosed<T>(life: TransactionLife, work: Promise<T>): Promise<T> {
  const never = new Promise<T>(() => undefined);
  return work.then(
    (value) => ((life.finished = true), life.closed ? never : value),
    (err: unknown) => ((life.finished = true), life.closed ? never : Promise.reject(err as Error)),
  );
}
