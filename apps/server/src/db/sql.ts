import { escapeLiteral } from 'pg';
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
 * - `Clause<'join'>`, `Clause<'columns'>`: a piece of a statement that is no value: a join of a
 *   table (`join users u on u.id = p.author_id`), a select list (`columns`).
 * - `sql` builds a fragment from a template whose every interpolation is itself typed: a plain
 *   string does not type-check, so no text reaches a fragment unchecked.
 */

/** The columns of the tables fragments reach across modules, with their SQL types (db/migrations). */
export interface Tables {
  users: {
    id: 'bigint';
    org_id: 'text';
    username: 'text';
    nickname: 'text';
    avatar: 'text';
    state: 'int';
    ban_hides_content: 'boolean';
    banned_until: 'timestamptz';
  };
  posts: {
    id: 'bigint';
    org_id: 'text';
    author_id: 'bigint';
    config_ids: 'bigint[]';
    lang: 'text';
    content: 'text';
    censored: 'text';
    review_status: 'text';
    deleted_at: 'timestamptz';
    video_held: 'boolean';
  };
  comments: {
    id: 'bigint';
    post_id: 'bigint';
    root_id: 'bigint';
    author_id: 'bigint';
    reply_to_author_id: 'bigint';
    content: 'text';
    censored: 'text';
    deleted_at: 'timestamptz';
    held: 'text';
  };
  configs: { id: 'bigint'; org_id: 'text'; owner_id: 'bigint'; based_on_author_id: 'bigint' };
  follows: { follower_id: 'bigint'; followee_id: 'bigint' };
  user_blocks: { user_id: 'bigint'; target_id: 'bigint' };
  moderation_log: { target_id: 'bigint' };
  report_cases: { target_id: 'bigint'; target_type: 'text' };
}

export type SqlType = 'bigint' | 'bigint[]' | 'text' | 'text[]' | 'int' | 'boolean' | 'timestamptz' | 'rows';
export type Table = keyof Tables;

declare const exprType: unique symbol;
declare const rowOf: unique symbol;
declare const clauseKind: unique symbol;

/** SQL text whose value is of `T`: a condition is `Expr<'boolean'>`, a subquery of ids `Expr<'rows'>`. */
export type Expr<T extends SqlType> = string & { readonly [exprType]: T };
/** The row of table `T` under an alias of the statement. */
export type Row<T extends Table> = string & { readonly [rowOf]: T };
export type Condition = Expr<'boolean'>;
/** A piece of a statement that is no value: a join (`join users u on …`), a select list. */
export type Clause<K extends 'join' | 'columns'> = string & { readonly [clauseKind]: K };

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

/** An integer constant of the code written into the statement (a state's number), never a value from input. */
export function integer(n: number): Expr<'int'> {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n) as Expr<'int'>;
}

/**
 * A text value written into the statement rather than bound, quoted as node-postgres quotes
 * (escapeLiteral): only where the planner must see the value in a plan made once for every call
 * (an organisation's id in a search's window: community/search-statements.ts).
 */
export function textLiteral(value: string): Expr<'text'> {
  return escapeLiteral(value) as Expr<'text'>;
}

/**
 * A column the statement itself names, of a derived table or a function's rows (`w.author_id` of
 * a subquery `w`, `a.id` of `unnest($1::bigint[]) a(id)`), declared of its type as `aliasOf`
 * declares a row. `name` is an identifier or `alias.column`, nothing else.
 */
export function named<T extends Exclude<SqlType, 'rows'>>(name: string, _type: T): Expr<T> {
  return identifier(name, /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/) as Expr<T>;
}

/** What a fragment's template may hold: typed expressions, rows and clauses, never plain text. */
type Part = Expr<SqlType> | Row<Table> | Clause<'join' | 'columns'>;

function joined(strings: TemplateStringsArray, parts: Part[]): string {
  return strings.reduce((text, piece, i) => text + piece + (i < parts.length ? parts[i] : ''), '');
}

/** A fragment of type `T` from a template of typed parts: `sql<'boolean'>\`${a} = ${b}\``. */
export function sql<T extends SqlType>(strings: TemplateStringsArray, ...parts: Part[]): Expr<T> {
  return joined(strings, parts) as Expr<T>;
}

/** A clause from a template of typed parts: `clause<'join'>\`join users ${u} on ${col(u, 'id')} = ${id}\``. */
export function clause<K extends 'join' | 'columns'>(strings: TemplateStringsArray, ...parts: Part[]): Clause<K> {
  return joined(strings, parts) as Clause<K>;
}

/** A select list: each expression as it is, or under a name (`[col(u, 'id'), 'author_id']` is `u.id as author_id`). */
export function columns(items: readonly (Expr<SqlType> | readonly [Expr<SqlType>, string])[]): Clause<'columns'> {
  const item = (it: Expr<SqlType> | readonly [Expr<SqlType>, string]) => (typeof it === 'string' ? it : `${it[0]} as ${identifier(it[1], /^[a-z_][a-z0-9_]*$/)}`);
  return items.map(item).join(', ') as Clause<'columns'>;
}

/** A name that reaches the statement's text: refused unless it is one. */
function identifier(name: string, shape: RegExp): string {
  if (!shape.test(name)) throw new Error(`not an SQL name: ${name}`);
  return name;
}
