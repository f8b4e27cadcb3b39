import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { isCopy, pgliteCopyStatement } from './copy.js';
import { Mutex } from './mutex.js';

/**
 * Kysely over PGlite. PGlite is a single connection, so the driver hands it out to one
 * Kysely connection (or transaction) at a time; everything else that talks to the same
 * PGlite (pg-boss) goes through the same mutex.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite, private readonly mutex: Mutex) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.mutex);
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  #releases = new WeakMap<DatabaseConnection, () => void>();
  constructor(private readonly pglite: PGlite, private readonly mutex: Mutex) {}

  async init() {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.acquire();
    const connection = new PGliteConnection(this.pglite);
    this.#releases.set(connection, release);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(connection: DatabaseConnection) {
    this.#releases.get(connection)?.();
    this.#releases.delete(connection);
  }
  async destroy() {}
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = compiledQuery.parameters;
    const result = isCopy(parameters)
      ? await this.pglite.query<R>(pgliteCopyStatement(compiledQuery.sql), [], { blob: new Blob([parameters[0].text as BlobPart]) })
      : await this.pglite.query<R>(compiledQuery.sql, [...parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported on PGlite; page with keysets instead');
  }
}
