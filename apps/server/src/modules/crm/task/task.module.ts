import type { CrmModuleDefinition } from '../engine/crmModules';
import { taskHooks } from './task.hooks';
import { taskSeed } from './task.seed';

export default { seed: taskSeed, hooks: taskHooks } satisfies CrmModuleDefinition;
