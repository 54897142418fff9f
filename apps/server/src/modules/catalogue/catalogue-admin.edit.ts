import type { AppContext } from '../../context';
import { requirePermission } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { fail, type ErrorCodeName } from '../../platform/errors';
import { invalidateCatalogue } from './catalogue.cache';

export const uniq = <T>(xs: T[]) => [...new Set(xs)];

/** Checks the operator may edit, runs the change in one transaction, then drops every cached catalogue answer. */
export async function edit<T>(ctx: AppContext, adminId: number, change: (trx: Db) => Promise<T>): Promise<T> {
  await requirePermission(ctx, adminId, 'catalogue.write');
  const out = await ctx.db.transaction().execute(change);
  invalidateCatalogue(ctx);
  return out;
}

/** How one operator-edited list (goods types, sale types, banners, keywords) adds, changes and removes rows. */
export type EditableList<Row, AddInput, ChangeInput extends { id: number }> = {
  /** Inserts one row; returns its id. */
  create: (trx: Db, input: AddInput) => Promise<number>;
  find: (trx: Db, id: number) => Promise<Row | undefined>;
  /** The error when the row to change is gone. */
  notFound: ErrorCodeName;
  /** Applies the fields given to the row found. */
  update: (trx: Db, input: ChangeInput, row: Row) => Promise<void>;
  /** Removes the rows among `ids` (duplicates already dropped); returns how many went. */
  remove: (trx: Db, ids: number[]) => Promise<number>;
};

/**
 * The add/change/remove calls of one operator-edited list, each checked, transactional and followed by a
 * cache flush (see `edit`): `{ id }` from add and change, `{ count }` from remove.
 */
export function editableList<Row, AddInput, ChangeInput extends { id: number }>(
  list: EditableList<Row, AddInput, ChangeInput>,
) {
  return {
    add: (ctx: AppContext, adminId: number, input: AddInput) =>
      edit(ctx, adminId, async (trx) => ({ id: await list.create(trx, input) })),
    change: (ctx: AppContext, adminId: number, input: ChangeInput) =>
      edit(ctx, adminId, async (trx) => {
        const row = (await list.find(trx, input.id)) ?? fail(list.notFound);
        await list.update(trx, input, row);
        return { id: input.id };
      }),
    remove: (ctx: AppContext, adminId: number, ids: number[]) =>
      edit(ctx, adminId, async (trx) => ({ count: await list.remove(trx, uniq(ids)) })),
  };
}

/** Removes rows one by one, skipping missing ones and refusing with `inUseError` while anything hangs on one. */
export const removeUnused =
  (
    find: (trx: Db, id: number) => Promise<unknown>,
    inUse: (trx: Db, id: number) => Promise<boolean>,
    inUseError: ErrorCodeName,
    remove: (trx: Db, id: number) => Promise<unknown>,
  ) =>
  async (trx: Db, ids: number[]) => {
    let count = 0;
    for (const id of ids) {
      if (!(await find(trx, id))) continue;
      if (await inUse(trx, id)) fail(inUseError);
      await remove(trx, id);
      count += 1;
    }
    return count;
  };
