// A transaction on PostgreSQL whose connection may drop or stop answering part-way: given up for its caller as
// store_unavailable, and nothing of it sent afterwards that could run outside it.
import type postgres from 'postgres';
import type { Sql } from './sql.ts';
import { all, ANSWER_DEADLINE_MS, notAnswering, rethrow, run, unavailable } from './postgres-statements.ts';

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
  /** A statement of it answered: the database is answering, the wait for the next starts again. */
  heard: () => void;
}

/** Runs `fn` in a transaction on `client`; store_unavailable when the database stops answering for ANSWER_DEADLINE_MS. */
export function transaction<T>(client: postgres.Sql, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const giveUp = () => {
      life.over = true;
      reject(unavailable(notAnswering()));
    };
    const life: TransactionLife = {
      over: false,
      closed: false,
      finished: false,
      heard: () => {
        clearTimeout(timer);
        if (!life.over) timer = setTimeout(giveUp, ANSWER_DEADLINE_MS);
      },
    };
    life.heard();
    const done = client.begin((tx) => (life.heard(), untilClosed(life, fn(txView(tx, life))))) as Promise<T>;
    done.then(
      (value) => {
        clearTimeout(timer);
        life.over = true;
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
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

function txView(tx: postgres.TransactionSql, life: TransactionLife): Sql {
  const open = (): postgres.TransactionSql => {
    if (life.over) throw unavailable(new Error('the transaction was given up'));
    return tx;
  };
  const heard = <R>(work: Promise<R>): Promise<R> => (work.then(life.heard, life.heard), work);
  const view: Sql = {
    dialect: 'postgres',
    all: async <T>(text: string, params: readonly unknown[] = []) => heard(all<T>(open(), text, params)),
    get: async <T>(text: string, params: readonly unknown[] = []) => (await heard(all<T>(open(), text, params)))[0],
    run: async (text: string, params: readonly unknown[] = []) => heard(run(open(), text, params)),
    transaction: async <T>(fn: (inner: Sql) => Promise<T>) =>
      open().savepoint((sp) => untilClosed(life, fn(txView(sp, life)))) as Promise<T>,
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
