import type { CrmModuleDefinition } from '../engine/crmModules';
import { activityHooks } from './activity.hooks';
import { activitySeed } from './activity.seed';

/** Activities are logged on the records sellers work: on an upgraded install, whoever may work with tasks may log them. */
export default { seed: activitySeed, hooks: activityHooks, grantsLike: 'task' } satisfies CrmModuleDefinition;
