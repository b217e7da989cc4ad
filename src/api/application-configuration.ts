// GET /api/abp/application-configuration (ABP wire contract 1.2). Rules: the SPA always asks with
// includeLocalizationResources=false (texts come from /api/abp/application-localization); the
// answer is typed by the contract (contract/abp.ts), and the app depends only on the part it reads,
// so machines and their tests handle small values while the compiler checks the full DTO fits.
import type { ApplicationConfigurationDto, CurrentCultureDto, CurrentTenantDto, CurrentUserDto } from '../../contract/abp.ts';
import type { Http } from './http.ts';

export interface ApplicationConfiguration {
  currentUser: Pick<
    CurrentUserDto,
    'isAuthenticated' | 'id' | 'tenantId' | 'userName' | 'name' | 'surName' | 'email' | 'roles' | 'impersonatorUserId'
  >;
  currentTenant: CurrentTenantDto;
  localization: {
    currentCulture: Pick<CurrentCultureDto, 'cultureName' | 'isRightToLeft'>;
    /** The enabled languages of the host or tenant (language management); optional for machines' tests. */
    languages?: ApplicationConfigurationDto['localization']['languages'];
  };
  auth: ApplicationConfigurationDto['auth'];
  /** Feature values (strings) that gate menus and routes, e.g. AuditLogging.Enable. */
  features: ApplicationConfigurationDto['features'];
  /** The user's time zone (spec 2.5); optional so machines' tests can leave it out. */
  timing?: ApplicationConfigurationDto['timing'];
}

export function getApplicationConfiguration(http: Http): Promise<ApplicationConfiguration> {
  return http<ApplicationConfigurationDto>('/api/abp/application-configuration', {
    query: { includeLocalizationResources: false },
  });
}
