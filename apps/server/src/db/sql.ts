/**
 * Typed SQL fragments: what one module hands another to paste into its statement (docs/architecture.md,
 * "Typed fragments"). A fragment is SQL text, as the statements are, so pasting one costs nothing
 * at run time and the statement the database plans is the one it always was; its type says what
 * the text is (a condition, a bigint, a row of a table), so the type checker refuses an alias of
 * the wrong table, a column the table does not have, or plain text where a typed value belongs.
 *
 * - `Row<'users'>`: a table's row under an alias in the statement (`aliasOf('users', 'u')`).
 * - `Expr<'bigint'>`: an expression of a type: a column of a row (`col(u, 'id')`), a typed
 *   placeholder of the statement (`placeholder(3, 'bigint')` is `$3::bigint`), or a fragment's result.
 * - `sql` builds a fragment from a template whose every interpolation is itself typed: a plain
 *   string does not type-check, so no text reaches a fragment unchecked.
 */

/** The columns of the tables fragments reach across modules, with their SQL types (db/migrations). */
export interface Tables {
  users: { id: 'bigint'; org_id: 'text'; state: 'int'; ban_hides_content: 'boolean'; banned_until: 'timestamptz' };
  posts: { id: 'bigint'; org_id: 'text'; author_id: 'bigint'; config_ids: 'bigint[]' };
}

export type SqlType = 'bigint' | 'bigint[]' | 'text' | 'text[]' | 'int' | 'boolean' | 'timestamptz' | 'rows';
export type Table = keyof Tables;

declare const exprType: unique symbol;
declare const rowOf: unique symbol;

/** SQL text whose value is of `T`: a condition is `Expr<'boolean'>`, a subquery of ids `Expr<'rows'>`. */
export type Expr<T extends SqlType> = string & { readonly [exprType]: T };
/** The row of table `T` under an alias of the statement. */
export type Row<T extends Table> = string & { readonly [rowOf]: T };
export type Condition = Expr<'boolean'>;

/** The alias under which the statement reads a row of `table`. */
export function aliasOf<T extends Table>(_table: T, alias: string): Row<T> {
  return alias as Row<T>;
}

/** A column of a row, typed as the table declares it. */
export function col<T extends Table, C extends keyof Tables[T] & string>(of: Row<T>, column: C): Expr<Tables[T][C] & SqlType> {
  return `${of}.${column}` as Expr<Tables[T][C] & SqlType>;
}

/** The statement's placeholder `$n`, cast to its type: `placeholder(3, 'bigint')` is `$3::bigint`. */
export function placeholder<T extends Exclude<SqlType, 'rows'>>(n: number, type: T): Expr<T> {
  return `$${n}::${type}` as Expr<T>;
}

/** What a fragment's template may hold: typed expressions and rows, never plain text. */
type Part = Expr<SqlType> | Row<Table>;

/** A fragment of type `T` from a template of typed parts: `sql<'boolean'>\`${a} = ${b}\``. */
export function sql<T extends SqlType>(strings: TemplateStringsArray, ...parts: Part[]): Expr<T> {
  return strings.reduce((text, piece, i) => text + piece + (i < parts.length ? parts[i] : ''), '') as Expr<T>;
}
