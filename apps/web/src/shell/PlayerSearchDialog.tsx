import { useState } from 'react';
import { useDebounced } from '../kit/useDebounced';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Autocomplete, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableHead, TableRow, TextField, Tooltip, Typography, Stack,
} from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { AUTOCOMPLETE_MIN_CHARS, MSG } from '@pitboss/contract';
import { playerKeys, searchPlayers } from '../api/players';
import { useSession } from './session';
import { useScope } from './useScope';
import { linkTo, route } from '@pitboss/contract/routes';
import { playerListLink } from '../players/PlayerLinks';

/** Search For Player (001 §2): SUPER_ADMIN and ADMIN only; autocomplete from 2 characters. */
export default function PlayerSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const { opId, scopeSearch } = useScope();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const term = useDebounced(text.trim(), 250);
  const enabled = open && term.length >= AUTOCOMPLETE_MIN_CHARS;
  const q = useQuery({ queryKey: playerKeys.search(term, opId), queryFn: () => searchPlayers(term, opId), enabled });
  const hits = enabled ? (q.data ?? []) : [];
  const showParent = user.role === 'SUPER_ADMIN';

  const go = (to: string) => {
    onClose();
    navigate(to);
  };
  const openPlayer = (playerCode: string) => go(linkTo('/players/:playerCode', { playerCode }, scopeSearch));
  const betsBuilt = route('/bets').built;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="player-search-title">
      <DialogTitle id="player-search-title">Search For Player</DialogTitle>
      <DialogContent>
        <Autocomplete
          freeSolo
          options={hits.map((h) => h.playerCode)}
          inputValue={text}
          onInputChange={(_, v) => setText(v)}
          onChange={(_, v) => {
            if (typeof v === 'string' && hits.some((h) => h.playerCode === v)) openPlayer(v);
          }}
          filterOptions={(x) => x}
          loading={q.isFetching}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              margin="dense"
              label="Player code"
              helperText={`Type at least ${AUTOCOMPLETE_MIN_CHARS} characters`}
            />
          )}
        />
        {q.isFetching && <CircularProgress size={20} aria-label="Searching" />}
        {enabled && !q.isFetching && hits.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {q.error ? MSG.GENERIC_ERROR : MSG.NO_DATA}
          </Typography>
        )}
        {hits.length > 0 && (
          <Table size="small" aria-label="Player search results" sx={{ mt: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>Player</TableCell>
                <TableCell>Operator/Brand</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {hits.map((h) => (
                <TableRow key={h.playerId}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {h.playerCode}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {h.username ?? '—'}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {h.opTitle}
                    {showParent && h.parentOpTitle && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        Parent: {h.parentOpTitle}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                      {/* See bets: enabled once the bets list is built (001 §2: /bets?playerCode). */}
                      {betsBuilt ? (
                        <Button size="small" onClick={() => go(playerListLink('/bets', h.playerCode))} aria-label={`See bets of ${h.playerCode}`}>
                          See bets
                        </Button>
                      ) : (
                        <Tooltip title="Bets are not available in this console yet.">
                          <span>
                            <Button size="small" disabled aria-label={`See bets of ${h.playerCode}`}>
                              See bets
                            </Button>
                          </span>
                        </Tooltip>
                      )}
                      <Button size="small" onClick={() => go(playerListLink('/transactions/list', h.playerCode))} aria-label={`See transactions of ${h.playerCode}`}>
                        See transactions
                      </Button>
                      <Button size="small" onClick={() => openPlayer(h.playerCode)} aria-label={`Open player details ${h.playerCode}`}>
                        Open player details
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
