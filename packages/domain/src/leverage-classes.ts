/** The instrument classes leverage caps are set for, and the presets that set them (jurisdiction.ts). */

export const LEVERAGE_CLASSES = [
  'forexMajor',
  'forexMinor',
  'goldMajorIndex',
  'commodityMinorIndex',
  'share',
  'crypto',
] as const;
/** ESMA's classes of CFD underlyings (Decision (EU) 2018/796 art. 2). */
export type LeverageClass = (typeof LEVERAGE_CLASSES)[number];

export const JURISDICTION_PRESETS = ['esma', 'asic', 'professional', 'custom'] as const;
export type JurisdictionPreset = (typeof JURISDICTION_PRESETS)[number];
