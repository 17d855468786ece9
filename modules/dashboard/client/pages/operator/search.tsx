import { useEffect, useState } from 'preact/hooks';
import { Field } from '../../ui';

const SEARCH_DELAY_MS = 300;

/** A list's search and page: the text typed, the search sent (after a short pause) and the page, back to 1 on a new search. */
export function useSearchedPage() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => {
      setQ(text.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, q, page, setPage };
}

/** The search box of one of the console's lists (a search landmark named after the list). */
export function ListSearch({ label, placeholder, text, onText }: { label: string; placeholder: string; text: string; onText(text: string): void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role, as ARIA 1.2 describes (the <search> element is not in every supported browser)
    <form class="operator-search" role="search" aria-label={label} onSubmit={(event) => event.preventDefault()}>
      <Field label="Search" type="search" value={text} placeholder={placeholder} onInput={(event) => onText(event.currentTarget.value)} />
    </form>
  );
}
