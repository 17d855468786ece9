// The sso module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export { admitByDomainCapture, announceAdmission, isCapturedAddress, ssoRequiredFor } from './service';
export type { Admission } from './service';
export { ssoModule } from './module';
