import { failureMessage, hasCode } from '../../api';
import type { VerifyResult } from './types';

/**
 * What "Verify now" of a domain came to: the DNS's last answer, and the failure of the latest try
 * when it threw (a refused retry leaves the last answer on screen).
 */
export interface VerifyOutcome {
  result?: VerifyResult;
  failure?: unknown;
}

type DnsAnswer = NonNullable<VerifyResult['dns_answers']>[number];

const quoted = (records: string[]) => records.map((r) => `“${r}”`).join(', ');

/** One lookup: the records found (a CNAME judged against the target), or that there were none. */
function AnswerLine({ answer, cnameTarget, cnameOk }: { answer: DnsAnswer; cnameTarget: string; cnameOk: boolean }) {
  const found = !answer.records.length
    ? `none (the name does not exist or has no ${answer.type} record)`
    : answer.type === 'TXT'
      ? quoted(answer.records)
      : `${answer.records.join(', ')} ${cnameOk ? '(correct)' : `(should be ${cnameTarget})`}`;
  return (
    <li>
      {answer.type} at <code>{answer.name}</code>: {found}
    </li>
  );
}

/**
 * The resolver's answer, in words: on a failed verification what was expected and what the DNS
 * holds instead, record by record; on success whether the CNAME is in place yet.
 */
export function VerifyOutcomeNotice({ domain, outcome, cnameTarget }: { domain: string; outcome: VerifyOutcome; cnameTarget: string }) {
  return (
    <>
      {outcome.result && <DnsAnswerNotice domain={domain} result={outcome.result} cnameTarget={cnameTarget} />}
      {outcome.failure !== undefined && <FailedCheck domain={domain} failure={outcome.failure} />}
    </>
  );
}

/** A check that did not happen (429) or whose lookup failed (502: timeout, SERVFAIL…), with the API's reason. */
function FailedCheck({ domain, failure }: { domain: string; failure: unknown }) {
  const message = hasCode(failure, 'rate_limited')
    ? `${domain} was checked moments ago; try again in ${failure.retryAfter ?? 10} seconds.`
    : `Could not check ${domain}: ${failureMessage(failure)}`;
  return (
    <div class="notice notice-error verify-outcome" role="alert">
      <p>{message}</p>
    </div>
  );
}

function DnsAnswerNotice({ domain, result, cnameTarget }: { domain: string; result: VerifyResult; cnameTarget: string }) {
  if (result.verified) {
    return (
      <div class="notice notice-success verify-outcome" role="status">
        <p>
          <strong>{domain} is verified.</strong>{' '}
          {result.cname_verified
            ? `Its CNAME points at ${cnameTarget}: its links are ready to use.`
            : `Its CNAME does not point at ${cnameTarget} yet: its links reach Linkhop once it does.`}
        </p>
      </div>
    );
  }
  return (
    <div class="notice notice-error verify-outcome" role="alert">
      <p>
        <strong>{domain} is not verified yet.</strong> Expected a TXT record <code>{result.expected_txt}</code> at <code>{result.txt_name}</code>.
      </p>
      <p>What the DNS answered:</p>
      <ul>
        {(result.dns_answers ?? []).map((answer) => (
          <AnswerLine key={`${answer.type} ${answer.name}`} answer={answer} cnameTarget={cnameTarget} cnameOk={Boolean(result.cname_verified)} />
        ))}
      </ul>
      <p>New DNS records can take up to 48 hours to be seen everywhere; verify again once they are set.</p>
    </div>
  );
}
