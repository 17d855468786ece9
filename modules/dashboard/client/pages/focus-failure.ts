import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';

/** After a refusal: focus the field its message is under, else the form's summary (`.form-summary`), centred so a sticky save bar does not hide it. */
export function useFocusOnFailure(form: RefObject<HTMLFormElement | null>, failure: unknown) {
  useEffect(() => {
    if (!failure) return;
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.current?.querySelector<HTMLElement>('.form-summary');
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: 'center' });
  }, [failure]);
}
