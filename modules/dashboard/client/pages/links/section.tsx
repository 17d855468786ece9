import type { ComponentChildren } from 'preact';
import { featureMessage, hasFeature, type Feature, type Plan } from '../../../../../core/plans';
import { PlanChange } from '../../ui';

const slug = (title: string) => `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

interface SectionProps {
  title: string;
  /** what the section is for, in a sentence */
  intro?: ComponentChildren;
  /** the plan feature the section needs; without it the section says so instead of showing its inputs */
  feature?: Feature;
  plan: Plan;
  /** the link still carries a value of the gated field (set on an earlier plan) */
  hasValue?: boolean;
  error?: string;
  children: ComponentChildren;
}

/** One step of the editor: a titled region; a plan-gated one states the plan it needs (the API's own 402 message). */
export function Section({ title, intro, feature, plan, hasValue, error, children }: SectionProps) {
  const id = slug(title);
  const locked = feature !== undefined && !hasFeature(plan, feature);
  return (
    <section class="editor-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro && <p class="section-intro">{intro}</p>}
      {locked ? (
        <div class="notice notice-plan" role="note">
          <p>{featureMessage(feature)}.</p>
          {hasValue && <p>This link still carries settings from an earlier plan; they stay as they are.</p>}
          <PlanChange short />
        </div>
      ) : (
        <>
          {error && (
            <p class="field-error section-error" role="alert">
              {error}
            </p>
          )}
          {children}
        </>
      )}
    </section>
  );
}

/** The sections' titles and anchors, for the editor's table of contents. */
export const sectionAnchor = slug;
