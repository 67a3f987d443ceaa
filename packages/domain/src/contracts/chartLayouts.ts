import { z } from 'zod';
import {
  CHART_LAYOUT_MAX_DRAWINGS,
  CHART_LAYOUT_MAX_INDICATORS,
  chartDrawingAnswer,
  chartLayoutIndicatorAnswer,
} from '../chartLayouts.js';

/**
 * Client-area contract of the chart layouts (/api/chart-layouts/:symbol): a client's indicators and drawings of one
 * symbol's chart. `saved` is false while the client never saved one for the symbol (the layout is then empty). The
 * terminal checks the indicators' parameters again with the dialog's rules (`ChartLayoutInput`) before it draws them.
 */
export const ChartLayout = z.object({
  symbol: z.string(),
  saved: z.boolean(),
  indicators: z.array(chartLayoutIndicatorAnswer).max(CHART_LAYOUT_MAX_INDICATORS),
  drawings: z.array(chartDrawingAnswer).max(CHART_LAYOUT_MAX_DRAWINGS),
});
export type ChartLayout = z.infer<typeof ChartLayout>;
