import { Button, copyText, Field, toast } from '../../ui';

/** A signing secret, shown this once (after creation or rotation): a copy button and the plain warning that it cannot be shown again. */
export function SecretPanel({ webhookName, secret, rotated, onDone }: { webhookName: string; secret: string; rotated?: boolean; onDone(): void }) {
  return (
    <section class="panel new-secret" aria-labelledby="new-secret-heading">
      <h2 id="new-secret-heading">
        Copy the {rotated ? 'new ' : ''}signing secret of “{webhookName}” now
      </h2>
      <p>
        <strong>You will not see it again.</strong> The receiver needs it to check that deliveries come from Linkhop (see “Check the signature”).
        {rotated && ' The old secret has stopped working: update the receiver now.'}
      </p>
      <div class="new-secret-value">
        <Field label="Signing secret" class="new-secret-field" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
        <Button onClick={async () => toast((await copyText(secret)) ? 'Secret copied' : 'Could not copy; select the secret and copy it by hand')}>
          Copy secret
        </Button>
      </div>
      <Button variant="primary" onClick={onDone}>
        I have stored the secret
      </Button>
    </section>
  );
}
