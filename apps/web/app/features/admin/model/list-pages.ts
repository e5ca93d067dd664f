/** How many pages a list of `total` items has (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** 'Showing 21–40 of 95 users'. */
export function pageSummary(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
  noun: string,
): string {
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}–${first + shown - 1} of ${total} ${noun}`;
}
