import { Link as RouterLink } from 'react-router';
import { Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { ROUTES, can } from '@pitboss/contract';
import { useSession } from '../shell/session';

/** What each settings page is for (the landing's cards). */
const PURPOSE: Record<string, string> = {
  '/settings/general': 'Your account’s display settings and your operator’s general settings',
  '/settings/admins': 'Staff accounts: create, block, roles, permissions, migrate, delete',
  '/settings/roles': 'Role templates: the permissions each role gives',
  '/settings/staff-permissions': 'The permission catalogue: keys, descriptions, tags, allowed roles',
  '/settings/activities': 'Every change made in the console, by whom and when',
  '/settings/login-activitiy': 'Staff sign-ins, successful and failed',
  '/settings/dev': 'Front Door custom domains, an operator’s DNS records, Auth0 domains and organizations',
  '/settings/cf-account-v2': 'The Cloudflare accounts domains are served from (tokens masked)',
  '/settings/cf-account-v2/domains': 'Domains on Cloudflare: zones, name servers and their state',
  '/settings/cf-account-v2/afds': 'The Azure Front Door profiles domains are put on',
  '/settings/crypto-networks': 'Each crypto network’s explorer API keys',
  '/settings/notifications': 'Notices shown to staff as a banner, per operator and period',
  '/settings/translation': 'The sites’ dictionary: keys and their translations per language',
  '/settings/domains': 'Each operator’s domains (Cloudflare zones), added and checked',
};

/** /settings — the settings pages the signed-in user can open (built, and whose permission they hold), no operator selector. */
export default function SettingsHomePage() {
  const { user } = useSession();
  const pages = ROUTES.filter((r) => r.group === 'Settings' && r.built && r.nav && r.path !== '/settings' && can(user.permissions, r.slug));
  return (
    <Stack spacing={2} component="nav" aria-label="Settings pages">
      {!pages.length && <Typography color="text.secondary">No settings page is open to your role.</Typography>}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        {pages.map((r) => (
          <Card key={r.path} variant="outlined" sx={{ width: 300 }}>
            <CardActionArea component={RouterLink} to={r.path} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2">{r.title}</Typography>
                <Typography variant="body2" color="text.secondary">{PURPOSE[r.path] ?? ''}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
