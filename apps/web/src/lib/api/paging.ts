/** A page of a paged call (architecture section 4): `{ list, pagination: { page, size, total } }`. */
export type Paged<T> = { list: T[]; pagination: { page: number; size: number; total: number } };

/** The next page number for an infinite query, or undefined when the last page is loaded. */
export const nextPageOf = <T>(last: Paged<T>): number | undefined =>
  last.pagination.page * last.pagination.size < last.pagination.total && last.list.length > 0
    ? last.pagination.page + 1
    : undefined;
