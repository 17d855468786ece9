import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import { portfolioPageRoute, portfolioRoutes } from './routes';

export const portfoliosModule = (deps: Deps) => new Elysia({ name: 'module:portfolios' }).use(portfolioRoutes(deps)).use(portfolioPageRoute(deps));
