import { expect, test } from 'bun:test';
import { ClickBatchBuilder, type ClickBatch } from '../../modules/clicks/batch';
import { StoreGroups } from '../../modules/clicks/store-groups';
import { clickOf } from '../helpers/clicks';

const link = { id: '0190f5a0-0000-7000-8000-000000000001', workspace_id: '0190f5a0-0000-7000-8000-000000000002', domain: 'lh.test', slug: 'a' };

/** a batch of `n` clicks of one link */
function batchOf(n: number): ClickBatch {
  const builder = new ClickBatchBuilder();
  for (let i = 0; i < n; i++) builder.add(clickOf(link));
  return builder.build();
}

/** StoreGroups storing into a list: each group's click counts and when it started */
function recorded(maxClicks: number, lingerMs: number) {
  const groups: { clicks: number[]; at: number }[] = [];
  const started = performance.now();
  const store = new StoreGroups(
    async (batches) => {
      groups.push({ clicks: batches.map((b) => b.at.length), at: performance.now() - started });
      await Bun.sleep(5);
    },
    maxClicks,
    1,
    lingerMs,
  );
  return { store, groups };
}

test('with a linger, batches arriving within it are stored as one group, after it', async () => {
  const { store, groups } = recorded(2_000, 150);
  const stored = [store.add(batchOf(500))];
  await Bun.sleep(40);
  stored.push(store.add(batchOf(500)));
  await Bun.sleep(40);
  stored.push(store.add(batchOf(500)));
  await Promise.all(stored);
  expect(groups.map((g) => g.clicks)).toEqual([[500, 500, 500]]);
  expect(groups[0]!.at).toBeGreaterThanOrEqual(145);
});

test('a group that is full does not wait for the linger; what is left over waits for its own', async () => {
  const { store, groups } = recorded(1_000, 300);
  const stored = [store.add(batchOf(500)), store.add(batchOf(500)), store.add(batchOf(500))];
  await Promise.all(stored);
  expect(groups.map((g) => g.clicks)).toEqual([[500, 500], [500]]);
  // the full group at once, the third batch after its linger
  expect(groups[0]!.at).toBeLessThan(100);
  expect(groups[1]!.at).toBeGreaterThanOrEqual(295);
});

test('without a linger, the first batch is stored at once and those waiting meanwhile together', async () => {
  const { store, groups } = recorded(2_000, 0);
  await Promise.all([store.add(batchOf(500)), store.add(batchOf(500)), store.add(batchOf(500))]);
  expect(groups.map((g) => g.clicks)).toEqual([[500], [500, 500]]);
  expect(groups[0]!.at).toBeLessThan(50);
});
