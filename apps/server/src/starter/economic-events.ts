/**
 * Sample economic calendar events (spec §2 /economic-calendar) around the seed date: past events
 * carry their actual figure, future ones only forecast and previous. Shared by all brands.
 */
export interface EconomicEventSeed {
  at: Date;
  currency: string;
  country: string;
  title: string;
  impact: 1 | 2 | 3;
  actual: string | null;
  forecast: string | null;
  previous: string | null;
}

/** [trading-day offset, UTC hour:minute, currency, country, title, impact, actual, forecast, previous] */
type Row = [number, string, string, string, string, 1 | 2 | 3, string, string, string];

const ROWS: Row[] = [
  [-9, '13:30', 'USD', 'US', 'Nonfarm Payrolls', 3, '187K', '170K', '165K'],
  [-9, '13:30', 'USD', 'US', 'Unemployment Rate', 3, '3.9%', '3.8%', '3.8%'],
  [-8, '09:00', 'EUR', 'DE', 'Ifo Business Climate', 2, '87.3', '86.9', '86.4'],
  [-8, '23:50', 'JPY', 'JP', 'GDP Growth Rate QoQ', 2, '0.3%', '0.2%', '-0.1%'],
  [-7, '07:00', 'GBP', 'GB', 'Retail Sales MoM', 2, '0.4%', '0.2%', '-0.3%'],
  [-7, '13:30', 'CAD', 'CA', 'Inflation Rate YoY', 3, '2.8%', '2.9%', '3.1%'],
  [-6, '01:30', 'AUD', 'AU', 'Employment Change', 2, '38.5K', '25.0K', '-6.1K'],
  [-6, '08:30', 'CHF', 'CH', 'SNB Interest Rate Decision', 3, '1.25%', '1.25%', '1.50%'],
  [-5, '10:00', 'EUR', 'EA', 'Inflation Rate YoY Flash', 3, '2.4%', '2.5%', '2.6%'],
  [-5, '21:45', 'NZD', 'NZ', 'Trade Balance', 1, '-1.12B', '-0.95B', '-1.30B'],
  [-4, '14:00', 'USD', 'US', 'ISM Manufacturing PMI', 3, '49.1', '48.6', '47.8'],
  [-4, '07:00', 'EUR', 'DE', 'Factory Orders MoM', 1, '0.8%', '0.5%', '-1.5%'],
  [-3, '04:30', 'AUD', 'AU', 'RBA Interest Rate Decision', 3, '4.35%', '4.35%', '4.35%'],
  [-3, '15:00', 'CAD', 'CA', 'Ivey PMI', 1, '56.5', '55.0', '53.9'],
  [-2, '12:00', 'GBP', 'GB', 'BoE Interest Rate Decision', 3, '5.00%', '5.00%', '5.25%'],
  [-2, '13:30', 'USD', 'US', 'Initial Jobless Claims', 2, '219K', '225K', '231K'],
  [-1, '00:30', 'JPY', 'JP', 'Household Spending YoY', 1, '-1.8%', '-2.5%', '-2.9%'],
  [-1, '09:00', 'EUR', 'EA', 'HCOB Services PMI', 2, '51.2', '50.8', '50.4'],
  [-1, '13:30', 'USD', 'US', 'Core Retail Sales MoM', 2, '0.3%', '0.2%', '0.1%'],
  [0, '01:30', 'AUD', 'AU', 'Retail Sales MoM', 2, '0.5%', '0.3%', '-0.4%'],
  [0, '07:00', 'GBP', 'GB', 'GDP Growth Rate QoQ Prel', 3, '0.2%', '0.1%', '0.0%'],
  [0, '08:00', 'CHF', 'CH', 'Trade Balance', 1, '4.21B', '3.90B', '3.65B'],
  [1, '12:45', 'EUR', 'EA', 'ECB Interest Rate Decision', 3, '', '3.75%', '4.00%'],
  [1, '13:30', 'USD', 'US', 'Core PCE Price Index MoM', 3, '', '0.2%', '0.3%'],
  [1, '22:45', 'NZD', 'NZ', 'Inflation Rate YoY', 3, '', '3.4%', '4.0%'],
  [2, '13:30', 'CAD', 'CA', 'Employment Change', 2, '', '22.5K', '41.4K'],
  [2, '14:00', 'USD', 'US', 'Michigan Consumer Sentiment Prel', 2, '', '68.9', '67.4'],
  [3, '23:50', 'JPY', 'JP', 'BoJ Summary of Opinions', 1, '', '', ''],
  [3, '09:00', 'EUR', 'DE', 'ZEW Economic Sentiment Index', 2, '', '12.5', '9.8'],
  [4, '07:00', 'GBP', 'GB', 'Inflation Rate YoY', 3, '', '2.1%', '2.3%'],
  [4, '18:00', 'USD', 'US', 'FOMC Interest Rate Decision', 3, '', '5.25%', '5.50%'],
  [5, '01:30', 'AUD', 'AU', 'Unemployment Rate', 2, '', '4.0%', '4.1%'],
  [5, '08:30', 'CHF', 'CH', 'Producer and Import Prices MoM', 1, '', '0.1%', '-0.2%'],
  [6, '03:00', 'JPY', 'JP', 'BoJ Interest Rate Decision', 3, '', '0.25%', '0.25%'],
  [6, '13:30', 'CAD', 'CA', 'Retail Sales MoM', 1, '', '0.4%', '-0.2%'],
  [7, '09:00', 'EUR', 'EA', 'HCOB Manufacturing PMI Flash', 2, '', '46.8', '46.1'],
  [8, '14:00', 'CAD', 'CA', 'BoC Interest Rate Decision', 3, '', '4.50%', '4.75%'],
  [8, '02:00', 'NZD', 'NZ', 'RBNZ Interest Rate Decision', 3, '', '5.25%', '5.50%'],
  [9, '13:30', 'USD', 'US', 'Durable Goods Orders MoM', 2, '', '0.5%', '-1.1%'],
  [10, '07:45', 'EUR', 'FR', 'Inflation Rate YoY Prel', 1, '', '2.2%', '2.3%'],
  [10, '23:30', 'JPY', 'JP', 'Tokyo Core CPI YoY', 2, '', '1.7%', '1.6%'],
];

const DAY_MS = 86_400_000;
const isWeekend = (dayStart: number) => {
  const weekday = new Date(dayStart).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/**
 * The UTC midnight `offset` trading days (Monday to Friday) from `today`: markets publish and central banks
 * decide on weekdays only (rate decisions were listed on Saturdays). A weekend `today` counts as the
 * Monday after it; negative offsets count back over weekdays.
 */
export function weekdayFrom(today: number, offset: number): number {
  const step = offset < 0 ? -DAY_MS : DAY_MS;
  let day = today;
  // a weekend counts as the Monday after it, both ways (Sunday − 1 is Friday)
  while (isWeekend(day)) day += DAY_MS;
  for (let left = Math.abs(offset); left > 0; left--) {
    day += step;
    while (isWeekend(day)) day += step;
  }
  return day;
}

/** The sample events, dated relative to `now` (the seed time), each on a weekday (ROWS count trading days). */
export function economicEventSeeds(now: Date): EconomicEventSeed[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return ROWS.map(([day, time, currency, country, title, impact, actual, forecast, previous]) => {
    const [hour, minute] = time.split(':').map(Number) as [number, number];
    const at = new Date(weekdayFrom(today, day) + (hour * 60 + minute) * 60_000);
    const past = at.getTime() <= now.getTime();
    return {
      at,
      currency,
      country,
      title,
      impact,
      // Results exist only for events already released.
      actual: past && actual !== '' ? actual : null,
      forecast: forecast === '' ? null : forecast,
      previous: previous === '' ? null : previous,
    };
  });
}
