import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';

// Placeholder until this module is built (see its issue).
export const templatesModule = (_deps: Deps) => new Elysia({ name: 'module:templates' });
