import { isPlan, PLANS, type Plan } from '../../../../../core/plans';
import { api, type ApiAnswer, failureMessage } from '../../api';
import { useSession } from '../../session';
import { type Column, DataTable, Day, FailureNotice, Loading, Pagination, toast, useLoad } from '../../ui';
import { ListSearch, useSearchedPage } from './search';

type OperatorWorkspace = ApiAnswer<'get', '/api/operator/workspaces'>['data'][number];
const count = (n: number) => n.toLocaleString('en');

/** Every workspace of the instance with its plan (changed here, audited in that workspace's log; `onChange` after), members, links and clicks. */
export function OperatorWorkspaces({ onChange }: { onChange(): void }) {
  const { refresh } = useSession();
  const search = useSearchedPage();
  const list = useLoad(
    () => api.get('/api/operator/workspaces', { params: { query: { q: search.q || undefined, page: search.page } } }),
    [search.q, search.page],
  );

  const changePlan = async (workspace: OperatorWorkspace, plan: Plan) => {
    try {
      await api.patch('/api/operator/workspaces/{wsId}', { params: { path: { wsId: workspace.id } }, body: { plan } });
      toast(`${workspace.name} is now on ${plan}`);
      onChange();
      // the operator's own workspaces show their plan in the switcher and gate pages by it
      await refresh();
    } catch (failure) {
      toast(`Could not change the plan of ${workspace.name}: ${failureMessage(failure)}`);
    }
    list.reload();
  };
  const columns: Column<OperatorWorkspace>[] = [
    {
      label: 'Workspace',
      rowHeader: true,
      cell: (w) => (
        <>
          {w.name}
          {w.parent_workspace_id && <span class="muted"> (client workspace)</span>}
          <span class="operator-id">{w.id}</span>
        </>
      ),
    },
    {
      label: 'Plan',
      cell: (w) => (
        <select
          class="table-select"
          aria-label={`Plan of ${w.name}`}
          value={w.plan}
          onChange={(event) => {
            // the options are the plans: the guard narrows the DOM's string
            const plan = event.currentTarget.value;
            if (isPlan(plan)) void changePlan(w, plan);
          }}
        >
          {PLANS.map((plan) => (
            <option key={plan} value={plan}>
              {plan}
            </option>
          ))}
        </select>
      ),
    },
    { label: 'Members', numeric: true, cell: (w) => count(w.members) },
    { label: 'Links', numeric: true, cell: (w) => count(w.links) },
    { label: 'Clicks', numeric: true, cell: (w) => count(w.clicks) },
    { label: 'Created', cell: (w) => <Day iso={w.created_at} /> },
  ];

  const data = list.data;
  return (
    <section aria-labelledby="operator-workspaces">
      <h2 id="operator-workspaces">Workspaces{data ? ` (${count(data.total)})` : ''}</h2>
      <ListSearch label="Search workspaces" placeholder="Name, slug or id" text={search.text} onText={search.setText} />
      {list.error ? (
        <FailureNotice error={list.error} retry={list.reload} />
      ) : !data ? (
        <Loading label="Loading workspaces…" />
      ) : data.data.length === 0 ? (
        <p class="muted">{search.q ? `No workspace matches “${search.q}”.` : 'No workspaces yet.'}</p>
      ) : (
        <>
          <DataTable caption={`Workspaces, ${count(data.total)} in all`} rows={data.data} rowKey={(w) => w.id} columns={columns} />
          <Pagination page={data.page} limit={data.limit} total={data.total} onPage={search.setPage} label="Pages of workspaces" />
        </>
      )}
    </section>
  );
}
