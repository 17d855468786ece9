import { api } from '../api';
import { FailureNotice, Loading, useLoad } from '../ui';
import { money } from './conversions/money';

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

/**
 * A link's A/B results over the analytics page's range: per variant its weight beside the share of
 * traffic it got, and the clicks, leads, sales and revenue that came of it.
 */
export function LinkVariants({ wsId, linkId, from, to }: { wsId: string; linkId: string; from: string; to: string }) {
  const results = useLoad(
    () => api.get('/api/workspaces/{wsId}/links/{linkId}/stats/variants', { params: { path: { wsId, linkId }, query: { from, to } } }),
    [wsId, linkId, from, to],
  );
  return (
    <section class="panel variants-panel" aria-labelledby="variants-heading">
      <h2 id="variants-heading">Variants</h2>
      {results.loading && !results.data && <Loading label="Loading the variants…" />}
      {results.error !== undefined && <FailureNotice error={results.error} retry={results.reload} />}
      {results.data && (
        // scrolls sideways on a narrow screen: focusable, so that a keyboard scrolls it too (axe: scrollable-region-focusable), and named
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this only names the scrolling table
        <div class="variants-scroll" role="group" aria-labelledby="variants-heading" tabIndex={0}>
          <table>
            <caption class="visually-hidden">
              A/B variants, {from} to {to}
            </caption>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col" class="number">
                  Weight
                </th>
                <th scope="col" class="number">
                  Traffic share
                </th>
                <th scope="col" class="number">
                  Clicks
                </th>
                <th scope="col" class="number">
                  Leads
                </th>
                <th scope="col" class="number">
                  Sales
                </th>
                <th scope="col" class="number">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {results.data.variants.map((v) => (
                <tr key={v.name}>
                  <th scope="row">
                    {v.name}
                    <span class="muted variant-url">{v.url}</span>
                  </th>
                  <td class="number">{percent.format(v.weight_share)}</td>
                  <td class="number">{v.traffic_share === null ? '—' : percent.format(v.traffic_share)}</td>
                  <td class="number">{number.format(v.clicks)}</td>
                  <td class="number">{number.format(v.leads)}</td>
                  <td class="number">{number.format(v.sales)}</td>
                  <td class="number">{v.revenue.length ? v.revenue.map((r) => money(r.amount, r.currency)).join(', ') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
