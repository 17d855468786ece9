// The invites module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { AccountSignInNeeded, admitByInvite, previewInvite } from './service';
export { invitesModule } from './module';
