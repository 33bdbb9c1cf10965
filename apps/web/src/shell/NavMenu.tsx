import { useMemo, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Box, Button, Chip, Collapse, List, ListItemButton, ListItemText, ListSubheader, Typography } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { BADGE_GOLD_MAX, badgeLabel } from '@pitboss/contract/constants';
import { NAV_GROUPS, ROUTES, matchRoute, type NavGroup, type RouteDef } from '@pitboss/contract/routes';
import { consolePermissions, mayOpenRoute } from '@pitboss/contract/permissions';
import type { Role } from '@pitboss/contract/roles';
import { useSession } from './session';
import { useScope } from './useScope';

/** The CMS-only menu shown when the selected operator is the CMS default (000 §2.2). */
const CMS_GROUPS: readonly NavGroup[] = ['CMS', 'CMS v2'];

/** Navigation items: built, shown in the nav, and permitted (deny by default). */
export function navItems(user: { role: Role; permissions: readonly string[] }, cmsOnly: boolean): Map<NavGroup, RouteDef[]> {
  const groups = new Map<NavGroup, RouteDef[]>();
  for (const g of NAV_GROUPS) {
    if (cmsOnly && !CMS_GROUPS.includes(g)) continue;
    const items = ROUTES.filter((r) => r.group === g && r.built && r.nav && mayOpenRoute(user, r));
    if (items.length) groups.set(g, items);
  }
  return groups;
}

function CountBadge({ n }: { n: number | undefined }) {
  if (!n) return null;
  const gold = n <= BADGE_GOLD_MAX;
  return (
    <Chip
      size="small"
      label={badgeLabel(n)}
      aria-label={`${badgeLabel(n)} pending`}
      data-gold={gold ? 'true' : 'false'}
      sx={gold ? { bgcolor: '#d4a017', color: '#1a1300', fontWeight: 700 } : { bgcolor: 'error.main', color: 'error.contrastText', fontWeight: 700 }}
    />
  );
}

export function NavMenu(props: { badges: Record<string, number>; onNavigate?: () => void }) {
  const { user, operators } = useSession();
  const { opId, scopeSearch, setScope } = useScope();
  const { pathname } = useLocation();
  const selected = operators.find((o) => o.opId === (opId ?? user.opId ?? ''));
  const cmsOnly = !!selected?.isCmsDefault;
  const groups = useMemo(() => navItems({ role: user.role, permissions: consolePermissions(user) }, cmsOnly), [user, cmsOnly]);
  const current = matchRoute(pathname);
  const activeGroup = current?.group;
  const [closed, setClosed] = useState<Record<string, boolean>>({});

  return (
    <Box component="nav" aria-label="Main navigation" sx={{ overflowY: 'auto', flex: 1 }}>
      {cmsOnly && <ListSubheader component="div">CMS menu</ListSubheader>}
      {cmsOnly && (
        // The CMS pages of the default content, with the way back; a user holding none of them is told so, never a bare heading.
        <Box role="note" aria-label="CMS menu" sx={{ px: 2, pb: 1 }}>
          {groups.size === 0 && (
            <Typography variant="body2" sx={{ mb: 1 }}>
              {selected?.title ?? 'This operator'} holds the default CMS content of the platform. Your role holds none of the CMS pages; choose another operator to manage players and money.
            </Typography>
          )}
          {opId && (
            <Button size="small" variant="outlined" onClick={() => setScope({ opId: undefined, includeBrands: undefined })}>
              Show all operators
            </Button>
          )}
        </Box>
      )}
      <List dense disablePadding>
        {[...groups.entries()].map(([group, items]) => {
          const open = closed[group] === undefined ? true : !closed[group];
          const groupCount = items.reduce((s, r) => s + (r.badge ? props.badges[r.badge] ?? 0 : 0), 0);
          const gid = `nav-group-${group.replace(/\W+/g, '-')}`;
          return (
            <Box key={group} component="li" sx={{ listStyle: 'none' }}>
              <ListItemButton
                onClick={() => setClosed((c) => ({ ...c, [group]: open }))}
                aria-expanded={open}
                aria-controls={gid}
                selected={activeGroup === group && !open}
              >
                <ListItemText primary={group} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                {!open && <CountBadge n={groupCount} />}
                {open ? <ExpandLess /> : <ExpandMore />}
              </ListItemButton>
              <Collapse in={open} timeout="auto" unmountOnExit={false} id={gid}>
                <List dense disablePadding>
                  {items.map((r) => (
                    <ListItemButton
                      key={r.path}
                      component={NavLink}
                      to={`${r.path}${scopeSearch}`}
                      end
                      onClick={props.onNavigate}
                      selected={current?.path === r.path || current?.parent === r.path}
                      sx={{ pl: 4 }}
                    >
                      <ListItemText primary={r.title} />
                      {r.badge && <CountBadge n={props.badges[r.badge]} />}
                    </ListItemButton>
                  ))}
                </List>
              </Collapse>
            </Box>
          );
        })}
      </List>
    </Box>
  );
}
