import { t } from 'elysia';
import { Role } from '../../core/model';

export const CreateKeyBody = t.Optional(
  t.Object(
    {
      name: t.Optional(t.String({ maxLength: 100, description: 'Default "API Key"' })),
      role: t.Optional(t.Union([Role], { description: "Default owner; never above the caller's own role" })),
    },
    { additionalProperties: false },
  ),
);
export const CreatedKey = t.Object({ id: t.String(), name: t.String(), role: Role, key: t.String({ description: 'The full key, shown only once' }) });
export const KeyItem = t.Object({
  id: t.String(),
  name: t.String(),
  role: Role,
  prefix: t.String(),
  created_at: t.String(),
  last_used_at: t.Union([t.String(), t.Null()]),
});
export const KeyParams = t.Object({ wsId: t.String(), keyId: t.String() });
