import type { LinkSnapshot, RedirectResolve } from '../../core/hooks';
import { hasFeature } from '../../core/plans';
import { html, renderPage, scriptJson } from '../../core/html';

const NONE: readonly string[] = [];

/** The workspace's retargeting script URLs while its plan includes them (a downgrade turns them off). */
export function retargetingScripts(link: LinkSnapshot): readonly string[] {
  const { retargeting_scripts: scripts, plan } = link.workspace;
  return scripts?.length && hasFeature(plan, 'retargeting_scripts') ? scripts : NONE;
}

/** Continue once the page (and so every async script) has loaded and had a moment to fire, or after 2.5 s at most. */
const CONTINUE_AFTER_LOAD_MS = 300;
const CONTINUE_AT_MOST_MS = 2500;

/** A page that loads the retargeting scripts, then continues to `target`; without JavaScript the refresh continues. */
export function retargetingPage(target: string, scripts: readonly string[]): string {
  return renderPage({
    title: 'Redirecting…',
    scripts,
    head: html`<meta http-equiv="refresh" content="3;url=${target}">`,
    body: html`<p>Redirecting… <a href="${target}">Continue</a></p><script>(function(){var target=${scriptJson(target)},done=false;function go(){if(!done){done=true;location.replace(target)}}addEventListener('load',function(){setTimeout(go,${CONTINUE_AFTER_LOAD_MS})});setTimeout(go,${CONTINUE_AT_MOST_MS})})();</script>`,
  });
}

/** Pages stage (order 82): a person visiting a workspace with retargeting scripts gets the loader page, unless another page was chosen. */
export function retargetingStage(ctx: RedirectResolve): void {
  if (ctx.page !== undefined || ctx.visitor.isBot) return;
  const scripts = retargetingScripts(ctx.link);
  if (scripts.length) ctx.page = retargetingPage(ctx.target, scripts);
}
