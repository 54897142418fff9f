import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Dictionary names in other languages.
 */
export const dictI18nMigration: Migration = {
  async up(db: AnyDb) {
    // JSON text {"en": "...", "zh-Hant": "..."}: names in other languages; `name` stays the zh-Hans default
    await db.schema.alterTable('dict_type').addColumn('name_i18n', 'text').execute();
    await db.schema.alterTable('dict_info').addColumn('name_i18n', 'text').execute();
  },
};
