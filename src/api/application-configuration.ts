// GET /api/abp/application-configuration (ABP wire contract 1.2). Rules: the SPA always asks with
// includeLocalizationResources=false (texts come from /api/abp/application-localization), and it
// types only the fields it reads; the full TypeBox schema lives in contract/ once it lands.
import type { Http } from './http.ts';

export interface CurrentUser {
  isAuthenticated: boolean;
  id: string | null;
  tenantId: string | null;
  userName: string | null;
  name: string | null;
  surName: string | null;
  email: string | null;
  roles: string[];
}

export interface CurrentTenant {
  id: string | null;
  name: string | null;
  isAvailable: boolean;
}

export interface CurrentCulture {
  cultureName: string;
  isRightToLeft: boolean;
}

export interface ApplicationConfiguration {
  currentUser: CurrentUser;
  currentTenant: CurrentTenant;
  localization: { currentCulture: CurrentCulture };
  auth: { grantedPolicies: Record<string, boolean> };
}

export function getApplicationConfiguration(http: Http): Promise<ApplicationConfiguration> {
  return http<ApplicationConfiguration>('/api/abp/application-configuration', {
    query: { includeLocalizationResources: false },
  });
}
