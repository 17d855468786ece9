import { useMemo } from 'preact/hooks';
import type { Tally } from '../../components/live-tally';
import { FailureNotice, Loading } from '../../ui';
import type { Loaded } from '../../ui/use-load';
import { Funnel, RevenueCharts } from './funnel';
import { withLive, type ConversionStats } from './with-live';
import './conversions.css';

/** A link's funnel and revenue over the analytics page's range, moving with what arrives live. */
export function LinkConversions({ stats, from, to, tally }: { stats: Loaded<ConversionStats | undefined>; from: string; to: string; tally: Tally }) {
  const data = useMemo(() => stats.data && withLive(stats.data, tally, from, to), [stats.data, tally, from, to]);
  return (
    <section class="panel conversions-panel" aria-labelledby="link-conversions-heading">
      <h2 id="link-conversions-heading">Conversions</h2>
      {stats.loading && !data && <Loading label="Loading the conversions…" />}
      {stats.error !== undefined && <FailureNotice error={stats.error} retry={stats.reload} />}
      {data && (
        <>
          <Funnel stats={data} label={`Funnel of this link, ${from} to ${to}`} />
          <RevenueCharts stats={data} from={from} to={to} />
        </>
      )}
    </section>
  );
}
