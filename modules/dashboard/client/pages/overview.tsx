export function OverviewPage(_props: { wsId: string }) {
  return <h1>Overview</h1>;
}
