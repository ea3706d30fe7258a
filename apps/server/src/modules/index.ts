import type { Resources } from '../resources';
import type { AppModule } from './module';

/** Collaborators tests may replace; every field is optional and defaults to the real implementation. */
export type ModuleOverrides = Record<string, never>;

/**
 * Builds every module from the shared resources, in dependency order (a module gets the services of the
 * modules it uses as arguments). Append new modules here.
 */
export function createModules(_resources: Resources, _overrides: ModuleOverrides = {}): AppModule[] {
  return [];
}
