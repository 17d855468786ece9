export { Field } from './field';
export { Button } from './button';
export { toast, Toaster } from './toast';
export { ConfirmDialog } from './confirm-dialog';
export { EmptyState, Loading, ErrorNotice, PlanNotice, FailureNotice } from './states';
export { Pagination } from './pagination';
export { AppLink, navigate, useLocation } from './nav';
export { useLoad } from './use-load';
