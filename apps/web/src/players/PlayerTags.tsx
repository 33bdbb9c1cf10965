import { Chip, Stack } from '@mui/material';
import type { PlayerRow } from '@pitboss/contract';

type Flags = Pick<PlayerRow, 'isTest' | 'isVerified' | 'isBlocked' | 'chatIsBlocked' | 'isDeleted'>;

/** Status tags of a player: Test, Verified, Blocked, Chat blocked, Deleted. */
export function PlayerTags({ p }: { p: Flags }) {
  const tags: { label: string; color: 'default' | 'success' | 'error' | 'warning' | 'info' }[] = [];
  if (p.isTest) tags.push({ label: 'Test', color: 'info' });
  if (p.isVerified) tags.push({ label: 'Verified', color: 'success' });
  if (p.isBlocked) tags.push({ label: 'Blocked', color: 'error' });
  if (p.chatIsBlocked) tags.push({ label: 'Chat blocked', color: 'warning' });
  if (p.isDeleted) tags.push({ label: 'Deleted', color: 'default' });
  if (!tags.length) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {tags.map((t) => (
        <Chip key={t.label} label={t.label} color={t.color} size="small" variant={t.color === 'default' ? 'outlined' : 'filled'} />
      ))}
    </Stack>
  );
}
