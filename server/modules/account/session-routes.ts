// Sign-in support (spec 7.9): sessions, my security logs, two-factor sign-in codes.
import type { RouteModule } from '../index.ts';

export const accountSessionRoutes: RouteModule = async () => {};
