import { t } from 'elysia';

export const AddDomainBody = t.Object(
  { domain: t.String({ minLength: 1, maxLength: 253, description: 'Lowercase hostname, e.g. links.example.com (no scheme, port or path)' }) },
  { additionalProperties: false },
);
export const DomainParams = t.Object({ wsId: t.String({ description: 'Workspace ID' }), domainId: t.String({ description: 'Domain ID' }) });

export const CreatedDomain = t.Object({
  id: t.String(),
  domain: t.String(),
  verified: t.Boolean(),
  txt_record: t.String({ description: 'Value of the TXT record to place at the domain: linkhop-verify=<token>' }),
  cname_target: t.String({ description: 'Host to point the domain at with a CNAME record' }),
});

export const DomainItem = t.Object({
  id: t.String(),
  workspace_id: t.String(),
  domain: t.String(),
  verified: t.Union([t.Literal(0), t.Literal(1)], { description: '1 when verified, else 0' }),
  txt_record: t.String(),
  created_at: t.String(),
});

export const VerifyResult = t.Object({
  verified: t.Boolean(),
  txt_verified: t.Optional(t.Boolean({ description: 'the TXT record was found' })),
  cname_verified: t.Optional(t.Boolean({ description: 'the domain is a CNAME of cname_target' })),
  expected_txt: t.Optional(t.String({ description: 'only while not verified' })),
  cname_target: t.Optional(t.String({ description: 'only while not verified' })),
});

export const LinkCount = t.Object({ count: t.Integer({ minimum: 0 }) });
