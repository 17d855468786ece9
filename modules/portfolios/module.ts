import { Elysia } from 'elysia';
import type { LinkhopModule } from '../../core/module';
import { portfolioPageRoute, portfolioRoutes } from './routes';

/** Portfolios: link-in-bio pages, their API and their public page. */
export const portfoliosModule: LinkhopModule = {
  name: 'portfolios',
  segments: { site: ['p'] },
  routes: (deps) => new Elysia({ name: 'module:portfolios' }).use(portfolioRoutes(deps)).use(portfolioPageRoute(deps)),
};
