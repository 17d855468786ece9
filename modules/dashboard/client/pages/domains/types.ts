import type { ApiAnswer } from '../../api';

export type DomainList = ApiAnswer<'get', '/api/workspaces/{wsId}/domains'>;
export type DomainItem = DomainList['domains'][number];
export type VerifyResult = ApiAnswer<'post', '/api/workspaces/{wsId}/domains/{domainId}/verify'>;
