export function LinkAnalyticsPage(_props: { wsId: string; linkId?: string }) {
  return <h1>Analytics</h1>;
}
