import { t } from 'elysia';
import { Int } from '../../core/model';

export const AddDomainBody = t.Object(
  { domain: t.String({ minLength: 1, maxLength: 253, description: 'Lowercase hostname, e.g. links.example.com (no scheme, port or path)' }) },
  { additionalProperties: false },
);
export const DomainParams = t.Object({ wsId: t.String({ description: 'Workspace ID' }), domainId: t.String({ description: 'Domain ID' }) });

const TxtName = t.String({
  description: 'Where to place the TXT record: _linkhop.<domain> (an apex domain without a CNAME may place it at the domain itself)',
});
const TxtRecord = t.String({ description: 'Value of the TXT record: linkhop-verify=<token>' });

export const CreatedDomain = t.Object({
  id: t.String(),
  domain: t.String(),
  verified: t.Boolean(),
  txt_name: TxtName,
  txt_record: TxtRecord,
  cname_target: t.String({ description: 'Host to point the domain at with a CNAME record' }),
});

export const DomainItem = t.Object({
  id: t.String(),
  workspace_id: t.String(),
  domain: t.String(),
  // the documented list form: an integer here, a boolean in the create and verify answers
  verified: Int({ minimum: 0, maximum: 1, description: '1 when the domain is verified, else 0 (the create and verify answers give a boolean)' }),
  txt_name: TxtName,
  txt_record: TxtRecord,
  created_at: t.String(),
});

const DnsAnswer = t.Object({
  type: t.Union([t.Literal('TXT'), t.Literal('CNAME')]),
  name: t.String({ description: 'the name looked up' }),
  records: t.Array(t.String(), {
    description: 'the values returned (TXT character-strings joined, CNAME targets as given); empty when the name does not exist or has no record of the type',
  }),
});

export const VerifyResult = t.Object({
  verified: t.Boolean(),
  txt_verified: t.Optional(t.Boolean({ description: 'the TXT record was found' })),
  cname_verified: t.Optional(t.Boolean({ description: 'the domain is a CNAME of cname_target' })),
  txt_name: t.Optional(t.String({ description: 'only while not verified: where the TXT record is looked up (_linkhop.<domain>, or the domain itself)' })),
  expected_txt: t.Optional(t.String({ description: 'only while not verified: the TXT value expected' })),
  cname_target: t.Optional(t.String({ description: 'only while not verified' })),
  dns_answers: t.Optional(
    t.Array(DnsAnswer, {
      description: 'only while not verified: what the resolver returned for the TXT at _linkhop.<domain>, the TXT at the domain and its CNAME',
    }),
  ),
});

export const LinkCount = t.Object({ count: Int({ minimum: 0 }) });
