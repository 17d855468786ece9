import { parseArgs } from 'node:util';
import { type CliCommand, wrongUsage } from '../../core/module';
import { bootstrap, mintApiKey, operatorSignInLink, setPlan } from './service';

/** The operator API's actions as commands: the same service functions, the same JSON. */
export const adminCommands: Record<string, CliCommand> = {
  bootstrap: {
    usage: 'bootstrap --email E [--name N] [--workspace W] [--plan free|pro|team|agency]',
    run(deps, args) {
      const { values } = parseArgs({
        args,
        options: { email: { type: 'string' }, name: { type: 'string' }, workspace: { type: 'string' }, plan: { type: 'string' } },
      });
      return bootstrap(deps, { email: values.email ?? '', name: values.name, workspace: values.workspace, plan: values.plan });
    },
  },
  plan: {
    usage: 'plan <workspaceId> <plan>',
    async run(deps, [workspaceId, plan]) {
      if (!workspaceId || !plan) throw wrongUsage(this.usage);
      return setPlan(deps, workspaceId, plan);
    },
  },
  'login-link': {
    usage: 'login-link --email E',
    async run(deps, args) {
      const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
      if (!values.email) throw wrongUsage(this.usage);
      return operatorSignInLink(deps, values.email, null);
    },
  },
  'api-key': {
    usage: 'api-key --email E --workspace <workspaceId> [--role owner|admin|editor|viewer]',
    run(deps, args) {
      const { values } = parseArgs({ args, options: { email: { type: 'string' }, workspace: { type: 'string' }, role: { type: 'string' } } });
      return mintApiKey(deps, { email: values.email ?? '', workspace: values.workspace ?? '', role: values.role });
    },
  },
};
