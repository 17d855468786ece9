import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ApiFailure } from '../api';
import { Button } from './button';
import { Field } from './field';
import { FailureNotice } from './states';
import { inputRefusal, useSubmit } from './use-submit';

interface NameSlugFormProps {
  /** the heading's id, which names the form */
  id: string;
  title: string;
  intro?: ComponentChildren;
  slugLabel: string;
  slugHint: string;
  submitLabel: string;
  /** creates the thing; the slug only when one was typed (the API makes one from the name) */
  create(body: { name: string; slug?: string }): Promise<void>;
}

/**
 * Creates something named with an optional URL slug (a portfolio, a client workspace). The API's
 * 400s and 409 show under the field they name (`slug`, else the name); any other failure (a full
 * plan's 402) shows below the fields.
 */
export function NameSlugForm({ id, title, intro, slugLabel, slugHint, submitLabel, create }: NameSlugFormProps) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const { busy, failure, submit } = useSubmit(async () => {
    await create({ name, ...(slug.trim() ? { slug: slug.trim() } : {}) });
    setName('');
    setSlug('');
  });
  const message = inputRefusal(failure);
  const onSlug = message !== undefined && failure instanceof ApiFailure && failure.field === 'slug';
  return (
    <form class="panel name-slug-form" onSubmit={submit} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro}
      <div class="name-slug-fields">
        <Field label="Name" maxLength={100} value={name} error={message && !onSlug ? message : undefined} onInput={(e) => setName(e.currentTarget.value)} />
        <Field
          label={slugLabel}
          hint={slugHint}
          maxLength={50}
          value={slug}
          error={onSlug ? message : undefined}
          onInput={(e) => setSlug(e.currentTarget.value)}
        />
      </div>
      {failure !== undefined && !message && <FailureNotice error={failure} />}
      <Button type="submit" variant="primary" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
