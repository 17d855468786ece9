// The OAuth redirect URI: the consent page sends the browser here with the code (or the refusal).
import { finishSignIn } from './linkhop';

const outcome = document.getElementById('outcome')!;
finishSignIn(new URLSearchParams(location.search)).then(
  (connection) => {
    outcome.textContent = `Signed in to ${connection.workspaceName}. You can close this tab and open Linkhop from the toolbar.`;
    // the code must not stay in the address or the history
    history.replaceState(null, '', location.pathname);
  },
  (error: unknown) => {
    outcome.textContent = `The sign-in did not finish: ${error instanceof Error ? error.message : String(error)}`;
  },
);
