import { FEATURE_LABEL, FEATURE_MIN_PLAN, hasFeature, PLAN_LIMITS, PLANS, type Feature, type LimitName, type Plan } from '../../../../../core/plans';
import { type Column, DataTable } from '../../ui';

/** The server's own plan table (core/plans.ts, bundled as it is): the page states exactly what the API enforces. */
const planName = (plan: Plan) => plan[0]!.toUpperCase() + plan.slice(1);
const sentence = (text: string) => text[0]!.toUpperCase() + text.slice(1);

const COUNTED: [LimitName, string][] = [
  ['members', 'Members (pending invites included)'],
  ['customDomains', 'Custom domains'],
  ['templates', 'Templates'],
  ['portfolios', 'Portfolios'],
  ['webhooks', 'Webhooks'],
  ['rulesPerLink', 'Rules per link'],
  ['clientWorkspaces', 'Client workspaces'],
];

interface FeatureRow {
  feature: Feature;
  minimum: Plan;
}
const FEATURES: FeatureRow[] = (Object.entries(FEATURE_MIN_PLAN) as [Feature, Plan][]).map(([feature, minimum]) => ({ feature, minimum }));

/** The workspace's plan: what it includes, the lowest plan offering each feature it lacks, and the counts each plan allows. */
export function PlanPanel({ plan }: { plan: Plan }) {
  const featureColumns: Column<FeatureRow>[] = [
    { label: 'Feature', rowHeader: true, cell: (row) => sentence(FEATURE_LABEL[row.feature]) },
    { label: 'Offered from', cell: (row) => `${planName(row.minimum)} plan` },
    {
      label: `On ${planName(plan)}`,
      cell: (row) => (hasFeature(plan, row.feature) ? 'Included' : <span class="plan-locked">Not included: upgrade to {planName(row.minimum)}</span>),
    },
  ];
  const limitColumns: Column<[LimitName, string]>[] = [
    { label: 'Limit', rowHeader: true, cell: ([, label]) => label },
    ...PLANS.map(
      (p): Column<[LimitName, string]> => ({
        label: p === plan ? `${planName(p)} (this workspace)` : planName(p),
        numeric: true,
        cell: ([limit]) => PLAN_LIMITS[limit][p].toLocaleString(),
      }),
    ),
  ];
  const included = FEATURES.filter((row) => hasFeature(plan, row.feature)).length;
  return (
    <section class="editor-section plan-panel" aria-labelledby="plan-heading">
      <h2 id="plan-heading">Plan: {planName(plan)}</h2>
      <p class="section-intro">
        This workspace is on the {planName(plan)} plan: {included} of {FEATURES.length} plan features are included. The operator of this Linkhop server changes
        plans.
      </p>
      <h3>Features</h3>
      <DataTable caption={`Plan features, ${FEATURES.length} in all`} rows={FEATURES} rowKey={(row) => row.feature} columns={featureColumns} />
      <h3>Counts by plan</h3>
      <DataTable caption="What each plan allows" rows={COUNTED} rowKey={([limit]) => limit} columns={limitColumns} />
    </section>
  );
}
