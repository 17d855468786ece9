import { useState } from 'preact/hooks';
import { isInputRefusal, isPlanRefusal } from '../api';

/**
 * A form's submit handler: stops the page load, marks the form busy while `action` runs and keeps
 * what it threw (usually an ApiFailure) for the form to show, cleared at the next submit.
 */
export function useSubmit(action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const submit = async (event?: Event) => {
    event?.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      await action();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, submit };
}

/** The plan's refusal (it lacks the feature or is full), for a PlanNotice; undefined for any other failure. */
export const planRefusal = (failure: unknown) => (isPlanRefusal(failure) ? failure.message : undefined);

/** The API's refusal of what was typed (malformed, missing, or a name or address taken), to show under its field. */
export const inputRefusal = (failure: unknown) => (isInputRefusal(failure) ? failure.message : undefined);
