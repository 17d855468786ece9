import type { Deps } from './deps';

/**
 * What a module needs of another that it cannot import, as that one imports it (importing back
 * would make a cycle): the needing module owns the slot and its type; the other gives it as its bus
 * handlers are wired (its descriptor's `hooks`), in every process, for that process's deps.
 * Keyed by the deps' bus: a copy of the deps with another field changed (tests) still finds it.
 */
export function givenSlot<T>(what: string) {
  const given = new WeakMap<object, T>();
  return {
    give(deps: Pick<Deps, 'bus'>, value: T): void {
      given.set(deps.bus, value);
    },
    of(deps: Pick<Deps, 'bus'>): T {
      const value = given.get(deps.bus);
      if (value === undefined) throw new Error(`${what} was not given: app/deps.ts wires every module's handlers with the deps`);
      return value;
    },
  };
}
