import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Divider, Drawer, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

export interface DrawerTab {
  label: string;
  content: ReactNode;
}

/**
 * A detail drawer on the right of a list.
 *
 * Routing choice: the open drawer is URL state of its list (`?drawer=<rowKey>`), not a
 * nested child route. Every path the console mounts comes from the contract's ROUTES
 * table, and `/players/:playerCode` is already a page there, so a child path such as
 * `/players/view/:code` would be a path outside the table (no title, no permission slug).
 * The query param keeps what a child route gives: the drawer is linkable, browser Back
 * closes it (opening pushes a history entry), prev/next stepping is a navigation, and the
 * list's filters stay in the same query string.
 */
export function DetailDrawer(props: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onPrev?: () => void;
  onNext?: () => void;
  hasPrev?: boolean;
  hasNext?: boolean;
  headerActions?: ReactNode;
  tabs: readonly DrawerTab[];
  width?: number;
}) {
  const titleId = useId();
  const [tab, setTab] = useState(0);
  const current = props.tabs[Math.min(tab, props.tabs.length - 1)];
  return (
    <Drawer
      anchor="right"
      open={props.open}
      onClose={props.onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          'data-testid': 'detail-drawer',
          sx: { width: { xs: '100%', md: props.width ?? 560 } },
        } as object,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ p: 1.5, alignItems: 'center' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={props.onClose}>
          Back
        </Button>
        <Typography id={titleId} variant="h6" sx={{ flex: 1, minWidth: 0 }} noWrap component="h2">
          {props.title}
        </Typography>
        <Button size="small" onClick={props.onPrev} disabled={!props.hasPrev}>
          Previous
        </Button>
        <Button size="small" onClick={props.onNext} disabled={!props.hasNext}>
          Next
        </Button>
      </Stack>
      {props.headerActions && <Box sx={{ px: 2, pb: 1 }}>{props.headerActions}</Box>}
      <Divider />
      {props.tabs.length > 1 && (
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Details tabs" sx={{ px: 1 }}>
          {props.tabs.map((t) => (
            <Tab key={t.label} label={t.label} />
          ))}
        </Tabs>
      )}
      <Box sx={{ p: 2, overflow: 'auto', flex: 1 }}>{current?.content}</Box>
    </Drawer>
  );
}

/** Previous/next keys of `current` among the rows of the current page. */
export function stepKeys<T>(rows: readonly T[], rowKey: (r: T) => string, current: string | undefined) {
  const i = current === undefined ? -1 : rows.findIndex((r) => rowKey(r) === current);
  const prev = i > 0 ? rows[i - 1] : undefined;
  const next = i >= 0 && i < rows.length - 1 ? rows[i + 1] : undefined;
  return { prev: prev && rowKey(prev), next: next && rowKey(next), row: i >= 0 ? rows[i] : undefined };
}
