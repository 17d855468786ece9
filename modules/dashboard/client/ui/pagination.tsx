import { Button } from './button';

interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  onPage(page: number): void;
  label?: string;
}

/** Previous/next over a `{total, page, limit}` list, with where the person is. */
export function Pagination({ page, limit, total, onPage, label = 'Pages' }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav class="pagination" aria-label={label}>
      <Button onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
      </Button>
    </nav>
  );
}
