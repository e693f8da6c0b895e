import type { Queryable } from './client.ts';

/**
 * A repo: the SQL of its module's tables, on one connection. The composition root (app.ts, with
 * compose/) builds each repo once, on the database, with its settings, and hands it to the services
 * that use it: no service or other module code constructs one. A service that runs a repo inside a
 * transaction asks `repo.on(q)`: the same repo, its settings kept, on the transaction's connection.
 */
export abstract class Repo {
  constructor(protected readonly q: Queryable) {}

  /** This repo on another connection (a transaction's): the same class and settings, nothing built again. */
  on(q: Queryable): this {
    const copy = Object.create(Object.getPrototypeOf(this) as object) as this;
    return Object.assign(copy, this, { q });
  }
}
