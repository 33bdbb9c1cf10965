/**
 * The style of content for assistive technology only (a chart's data table): one pixel, clipped,
 * out of the layout. Sizes in pixels: MUI's `sx` reads a bare `1` as 100 %, and a full-width
 * table moved beside its chart made every page with a chart scroll sideways.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute', width: '1px', height: '1px', padding: 0, margin: '-1px', border: 0,
  overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap',
} as const;
