import { t } from 'elysia';
import { withExample } from '../../core/model';

const JoinRole = t.Union([t.Literal('admin'), t.Literal('editor'), t.Literal('viewer')], {
  description: 'The role a person of this domain joins with on their first single sign-on',
});
const SsoRequired = t.Boolean({ description: 'true: addresses of this domain may not sign in by e-mail link, only by single sign-on' });

export const SsoDomainParams = t.Object({
  wsId: t.String({ description: 'Workspace ID' }),
  ssoDomainId: t.String({ description: 'SSO domain ID', maxLength: 64 }),
});

export const AddSsoDomainBody = withExample(
  t.Object(
    {
      domain: t.String({ minLength: 1, maxLength: 253, description: 'The e-mail domain, lowercase: example.com captures …@example.com' }),
      default_role: t.Optional(JoinRole),
      sso_required: t.Optional(SsoRequired),
    },
    { additionalProperties: false },
  ),
  { domain: 'example.com', default_role: 'editor', sso_required: false },
);

export const PatchSsoDomainBody = withExample(
  t.Object({ default_role: t.Optional(JoinRole), sso_required: t.Optional(SsoRequired) }, { additionalProperties: false }),
  { sso_required: true },
);

export const SsoDomainItem = t.Object({
  id: t.String(),
  domain: t.String(),
  verified: t.Boolean({ description: 'the TXT record was found: the domain captures sign-ins' }),
  default_role: JoinRole,
  sso_required: SsoRequired,
  txt_name: t.String({ description: 'Where to place the TXT record: _linkhop.<domain> (or the domain itself)' }),
  txt_record: t.String({ description: 'Value of the TXT record: linkhop-verify=<token>' }),
  created_at: t.String(),
});
export const SsoDomainList = t.Object({ data: t.Array(SsoDomainItem) });

export const SsoVerifyResult = t.Object({
  verified: t.Boolean(),
  txt_name: t.Optional(t.String({ description: 'only while not verified: where the TXT record is looked up' })),
  expected_txt: t.Optional(t.String({ description: 'only while not verified: the TXT value expected' })),
  dns_answers: t.Optional(
    t.Array(t.Object({ type: t.Literal('TXT'), name: t.String(), records: t.Array(t.String()) }), {
      description: 'only while not verified: the TXT records the resolver returned',
    }),
  ),
});
