import { Box, Typography } from '@mui/material';
import { markdownBlocks, markdownInline } from '@pitboss/contract/whats-new';

function Inline({ text }: { text: string }) {
  return (
    <>
      {markdownInline(text).map((p, i) =>
        p.kind === 'bold' ? <strong key={i}>{p.text}</strong> : p.kind === 'code' ? <Box component="code" key={i} sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 }}>{p.text}</Box> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}

/** A release note's body in the simple markdown of the contract (headings, lists, bold, code); text only, never HTML. */
export function Markdown({ source }: { source: string }) {
  return (
    <Box>
      {markdownBlocks(source).map((b, i) =>
        b.kind === 'h' ? (
          <Typography key={i} variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}><Inline text={b.text} /></Typography>
        ) : b.kind === 'li' ? (
          <Box key={i} component="ul" sx={{ my: 0.5, pl: 3 }}>
            {b.items.map((it, j) => <li key={j}><Typography variant="body2" component="span"><Inline text={it} /></Typography></li>)}
          </Box>
        ) : (
          <Typography key={i} variant="body2" sx={{ my: 0.5 }}><Inline text={b.text} /></Typography>
        ),
      )}
    </Box>
  );
}
