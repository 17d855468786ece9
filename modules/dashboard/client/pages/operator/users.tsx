import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type ApiAnswer, failureMessage } from '../../api';
import { useSession } from '../../session';
import { Button, type Column, ConfirmDialog, CopyButton, DataTable, Day, FailureNotice, Loading, Pagination, toast, useLoad } from '../../ui';
import { ListSearch, useSearchedPage } from './search';

type OperatorUser = ApiAnswer<'get', '/api/operator/users'>['data'][number];
const count = (n: number) => n.toLocaleString('en');

/** A freshly minted sign-in link: shown once (the API keeps no copy to show again), to copy and hand over. */
function MintedLink({ email, url, onDone }: { email: string; url: string; onDone(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [url]);
  return (
    <section class="notice minted-link" aria-labelledby="minted-link-title">
      <h3 id="minted-link-title" tabIndex={-1} ref={heading}>
        Sign-in link for {email}
      </h3>
      <p>It signs them in once, within 15 minutes. It is shown only now: copy it and hand it over yourself (anyone holding it signs in as {email}).</p>
      <p class="minted-url">
        <code>{url}</code>
      </p>
      <div class="minted-actions">
        <CopyButton text={url} name={`sign-in link for ${email}`} />
        <Button onClick={onDone}>Done</Button>
      </div>
    </section>
  );
}

/** Every user: mint a sign-in link for one (installs without mail), make one an operator or no longer one (never oneself); `onChange` after each. */
export function OperatorUsers({ onChange }: { onChange(): void }) {
  const me = useSession().session!.user;
  const search = useSearchedPage();
  const list = useLoad(() => api.get('/api/operator/users', { params: { query: { q: search.q || undefined, page: search.page } } }), [search.q, search.page]);
  const [minted, setMinted] = useState<{ email: string; url: string }>();
  const [changing, setChanging] = useState<OperatorUser>();
  const [busy, setBusy] = useState(false);

  const mint = async (user: OperatorUser) => {
    try {
      const { url } = await api.post('/api/operator/users/{userId}/sign-in-link', { params: { path: { userId: user.id } } });
      setMinted({ email: user.email, url });
      onChange();
    } catch (failure) {
      toast(`Could not make a sign-in link for ${user.email}: ${failureMessage(failure)}`);
    }
  };
  const changeOperator = async () => {
    const user = changing!;
    setBusy(true);
    try {
      await api.patch('/api/operator/users/{userId}', { params: { path: { userId: user.id } }, body: { is_operator: !user.is_operator } });
      toast(user.is_operator ? `${user.email} is no longer an operator` : `${user.email} is now an operator`);
      onChange();
    } catch (failure) {
      toast(`Could not change ${user.email}: ${failureMessage(failure)}`);
    } finally {
      setBusy(false);
      setChanging(undefined);
      list.reload();
    }
  };

  const columns: Column<OperatorUser>[] = [
    {
      label: 'Person',
      rowHeader: true,
      cell: (u) => (
        <>
          {u.name && <span class="member-name">{u.name}</span>}
          <span class="member-email">{u.email}</span>
          {u.id === me.id && <span class="muted"> (you)</span>}
        </>
      ),
    },
    { label: 'Operator', cell: (u) => (u.is_operator ? 'Operator' : '—') },
    { label: 'Workspaces', numeric: true, cell: (u) => count(u.workspaces) },
    { label: 'Joined', cell: (u) => <Day iso={u.created_at} /> },
  ];
  const data = list.data;
  return (
    <section aria-labelledby="operator-users">
      <h2 id="operator-users">Users{data ? ` (${count(data.total)})` : ''}</h2>
      {minted && <MintedLink {...minted} onDone={() => setMinted(undefined)} />}
      <ListSearch label="Search users" placeholder="E-mail or name" text={search.text} onText={search.setText} />
      {list.error ? (
        <FailureNotice error={list.error} retry={list.reload} />
      ) : !data ? (
        <Loading label="Loading users…" />
      ) : data.data.length === 0 ? (
        <p class="muted">{search.q ? `No user matches “${search.q}”.` : 'No users yet.'}</p>
      ) : (
        <>
          <DataTable
            caption={`Users, ${count(data.total)} in all`}
            rows={data.data}
            rowKey={(u) => u.id}
            columns={columns}
            actions={(u) => (
              <div class="operator-actions">
                <Button variant="quiet" onClick={() => mint(u)}>
                  Sign-in link<span class="visually-hidden"> for {u.email}</span>
                </Button>
                {u.id !== me.id && (
                  <Button variant="quiet" onClick={() => setChanging(u)}>
                    {u.is_operator ? 'Remove operator' : 'Make operator'}
                    <span class="visually-hidden"> {u.email}</span>
                  </Button>
                )}
              </div>
            )}
          />
          <Pagination page={data.page} limit={data.limit} total={data.total} onPage={search.setPage} label="Pages of users" />
        </>
      )}
      <ConfirmDialog
        open={Boolean(changing)}
        title={changing?.is_operator ? `${changing.email} no longer an operator?` : `Make ${changing?.email ?? ''} an operator?`}
        confirmLabel={changing?.is_operator ? 'Remove operator' : 'Make operator'}
        danger={!changing?.is_operator}
        busy={busy}
        onConfirm={changeOperator}
        onCancel={() => setChanging(undefined)}
      >
        <p>
          {changing?.is_operator
            ? 'They keep their workspaces but lose this console.'
            : 'An operator sees every workspace and user of this instance, changes plans, signs in as anyone by a sign-in link and names other operators.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
