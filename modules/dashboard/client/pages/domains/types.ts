import type { Static } from '@sinclair/typebox';
import type { DomainItem as DomainItemSchema, VerifyResult as VerifyResultSchema } from '../../../../domains';

/** The API's own response types, from its TypeBox schemas (type-only: nothing of the server reaches the bundle). */
export type DomainItem = Static<typeof DomainItemSchema>;
export type VerifyResult = Static<typeof VerifyResultSchema>;
export type { DomainList } from '../links/types';
