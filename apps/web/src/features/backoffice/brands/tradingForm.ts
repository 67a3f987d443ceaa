import {
  type BrandAdminView,
  type BrandTradingView,
  INSTRUMENT_GROUPS,
  JURISDICTION_PRESETS,
  LEVERAGE_CLASSES,
} from '@openbroker/domain';
import { z } from 'zod';

const num = z.number({ error: 'field.invalid' });
const optionalNum = z
  .number({ error: 'field.invalid' })
  .optional()
  .or(z.nan().transform(() => undefined));

/** The editor's form: levels in percent, every group's costs as the profile resolves them today. */
export const TradingForm = z.object({
  preset: z.enum(JURISDICTION_PRESETS),
  marginCallLevel: num.gt(0).max(1000),
  stopOutLevel: num.gt(0).max(1000),
  retailLossPercent: optionalNum.refine((v) => v === undefined || (v >= 0 && v <= 100), {
    message: 'field.invalid',
  }),
  capsOff: z.boolean(),
  leverageCaps: z.record(z.string(), optionalNum),
  groups: z.record(
    z.string(),
    z.object({
      markup: z.object({ unit: z.enum(['percent', 'pips']), value: num.min(0) }),
      commission: z.object({ unit: z.enum(['perLot', 'percent']), value: num.min(0) }),
      swap: z.object({
        long: num,
        short: num,
        tripleDay: z.string(),
        weekends: z.boolean(),
      }),
    }),
  ),
  computedRetailLoss: z.boolean(),
});
export type TradingValues = z.input<typeof TradingForm>;

export function toValues(dto: BrandTradingView, brand: BrandAdminView): TradingValues {
  const { profile } = dto;
  const stored = (dto.settings ?? {}) as { retailLossPercent?: number };
  return {
    preset: profile.preset,
    marginCallLevel: Math.round(profile.marginCallLevel * 10000) / 100,
    stopOutLevel: Math.round(profile.stopOutLevel * 10000) / 100,
    retailLossPercent: stored.retailLossPercent ?? Number.NaN,
    capsOff: profile.leverageCaps === null,
    leverageCaps: Object.fromEntries(
      LEVERAGE_CLASSES.map((c) => [c, profile.leverageCaps?.[c] ?? Number.NaN]),
    ),
    groups: Object.fromEntries(
      INSTRUMENT_GROUPS.map((g) => {
        const costs = profile.groups[g];
        return [
          g,
          {
            markup: { ...costs.markup },
            commission: { ...costs.commission },
            swap: {
              ...costs.swap,
              tripleDay: costs.swap.tripleDay === null ? '' : String(costs.swap.tripleDay),
            },
          },
        ];
      }),
    ),
    computedRetailLoss: brand.riskWarning.computedRetailLoss,
  };
}

/** What PUT /trading takes: the preset and every override (levels as fractions). */
export function toSettings(v: z.output<typeof TradingForm>) {
  const caps = Object.fromEntries(
    Object.entries(v.leverageCaps).filter((entry): entry is [string, number] => entry[1] !== undefined),
  );
  return {
    preset: v.preset,
    marginCallLevel: Math.round(v.marginCallLevel * 100) / 10000,
    stopOutLevel: Math.round(v.stopOutLevel * 100) / 10000,
    groups: Object.fromEntries(
      Object.entries(v.groups).map(([g, costs]) => [
        g,
        {
          markup: costs.markup,
          commission: costs.commission,
          swap: {
            ...costs.swap,
            tripleDay: costs.swap.tripleDay === '' ? null : Number(costs.swap.tripleDay),
          },
        },
      ]),
    ),
    leverageCaps: v.capsOff ? null : caps,
    ...(v.retailLossPercent === undefined ? {} : { retailLossPercent: v.retailLossPercent }),
  };
}
