// Dashboard (spec 2.1 '/dashboard'): guarded by Finance.Dashboard.Host or .Tenant in the route
// registry. Its widget area stays empty until the audit-logging widgets arrive with their issue.
import { useTexts } from '../../app/use-texts.ts';

export default function DashboardScreen() {
  const t = useTexts();
  return (
    <div className="page">
      <h1>{t('dashboard.title')}</h1>
      <section className="widget-area" aria-labelledby="widgets-heading">
        <h2 id="widgets-heading">{t('dashboard.widgets')}</h2>
        <p className="empty-state">{t('dashboard.empty')}</p>
      </section>
    </div>
  );
}
