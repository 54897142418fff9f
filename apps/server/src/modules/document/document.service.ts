import type { adminDocumentSaveRequest, Locale } from '@simshop/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { fail } from '../../platform/errors';

// Documents buyers read (user agreement, privacy policy, ...), one per type and language, edited by operators.

type Row = { id: number; type: string; language: string; title: string; body: string; updated_at: number };
const toDocument = (r: Row) => ({
  id: Number(r.id),
  type: r.type,
  language: r.language,
  title: r.title,
  body: r.body,
  updatedAt: new Date(Number(r.updated_at)).toISOString(),
});

export async function listDocuments(ctx: AppContext, type?: string) {
  const rows = await ctx.db
    .selectFrom('app_document')
    .selectAll()
    .$if(type !== undefined, (q) => q.where('type', '=', type!))
    .orderBy('type')
    .orderBy('language')
    .execute();
  return rows.map(toDocument);
}

/** Creates or replaces the document of (type, language); one transaction, so two saves cannot both insert. */
export async function saveDocument(ctx: AppContext, input: z.infer<typeof adminDocumentSaveRequest>) {
  const at = Date.now();
  const row = await ctx.db
    .insertInto('app_document')
    .values({
      type: input.type,
      language: input.language,
      title: input.title,
      body: input.body,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['type', 'language']).doUpdateSet({ title: input.title, body: input.body, updated_at: at }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}

export async function deleteDocuments(ctx: AppContext, ids: number[]) {
  const res = await ctx.db.deleteFrom('app_document').where('id', 'in', ids).executeTakeFirst();
  return { count: Number(res.numDeletedRows) };
}

/** The document of `type` in the caller's language, else in zh-Hans, else English; NOT_FOUND when none. */
export async function readDocument(ctx: AppContext, type: string, language: Locale) {
  const rows = await ctx.db
    .selectFrom('app_document')
    .selectAll()
    .where('type', '=', type)
    .where('language', 'in', [language, 'zh-Hans', 'en'])
    .execute();
  const pick = (l: string) => rows.find((r) => r.language === l);
  const row = pick(language) ?? pick('zh-Hans') ?? pick('en');
  return toDocument(row ?? fail('NOT_FOUND'));
}
