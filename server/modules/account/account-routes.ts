// Account self-service (spec 7.9, 7.10): registration, e-mail confirmation, password reset, my profile, picture, two-factor setup.
import type { RouteModule } from '../index.ts';

export const accountRoutes: RouteModule = async () => {};
