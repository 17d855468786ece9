import type { LinkhopModule } from '../../core/module';
import { mcpRoutes } from './routes';

/** The MCP endpoint. */
export const mcpModule: LinkhopModule = {
  name: 'mcp',
  routes: mcpRoutes,
  segments: { site: ['mcp'] },
};
