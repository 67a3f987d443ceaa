import { describe, expect, it } from 'vitest';
import {
  assessRisk,
  normaliseCountryList,
  type RiskInputs,
  type SourceOfFundsAnswers,
} from './risk-score.js';

const salaried: SourceOfFundsAnswers = {
  employmentStatus: 'employed',
  annualIncome: '25k_100k',
  source: 'salary',
  expectedDeposits: 'under_25k',
  pep: false,
};

const client = (over: Partial<RiskInputs> = {}): RiskInputs => ({
  country: 'DE',
  highRiskCountries: null,
  screening: 'clear',
  approvedDeposits: '0',
  funds: salaried,
  appropriateness: 'pass',
  ...over,
});

describe('client risk score', () => {
  it('an employed German client paying from salary, who passed the test, is low risk with no reasons', () => {
    expect(assessRisk(client())).toEqual({ score: 0, level: 'low', reasons: [] });
  });

  it('a client who has not answered the source-of-funds questions carries a small risk until they do', () => {
    const r = assessRisk(client({ funds: null }));
    expect(r).toEqual({ score: 10, level: 'low', reasons: [{ code: 'funds_missing', points: 10 }] });
  });

  it("a client from a country on the brand's high-risk list is medium risk", () => {
    const r = assessRisk(client({ country: 'ir' }));
    expect(r.level).toBe('medium');
    expect(r.reasons.map((x) => x.code)).toEqual(['country']);
  });

  it("the brand's own list replaces the default one", () => {
    expect(assessRisk(client({ country: 'IR', highRiskCountries: ['RU'] })).reasons).toEqual([]);
    expect(assessRisk(client({ country: 'RU', highRiskCountries: ['RU'] })).reasons[0]?.code).toBe('country');
  });

  it('a politically exposed person is high risk on that alone', () => {
    const r = assessRisk(client({ funds: { ...salaried, pep: true } }));
    expect(r.level).toBe('high');
    expect(r.reasons).toEqual([{ code: 'pep', points: 60 }]);
  });

  it('a possible screening match is medium; a confirmed one is high', () => {
    expect(assessRisk(client({ screening: 'pending' })).level).toBe('medium');
    expect(assessRisk(client({ screening: 'confirmed' })).level).toBe('high');
  });

  it('deposit volume adds points by threshold, exactly at each threshold', () => {
    const points = (sum: string) => assessRisk(client({ approvedDeposits: sum })).score;
    expect(points('9999.99')).toBe(0);
    expect(points('10000.00')).toBe(10);
    expect(points('50000')).toBe(25);
    expect(points('100000.00')).toBe(40);
  });

  it('expecting to deposit more a year than one earns, from an inheritance, is medium risk', () => {
    const r = assessRisk(
      client({
        funds: {
          ...salaried,
          source: 'inheritance',
          annualIncome: 'under_25k',
          expectedDeposits: '25k_100k',
        },
      }),
    );
    expect(r.reasons.map((x) => x.code)).toEqual(['funds_source', 'funds_mismatch']);
    expect(r).toMatchObject({ score: 35, level: 'medium' });
  });

  it('a high-risk country, large deposits and a failed appropriateness test together are high risk', () => {
    const r = assessRisk(client({ country: 'NG', approvedDeposits: '60000', appropriateness: 'block' }));
    expect(r).toMatchObject({ score: 85, level: 'high' });
    expect(r.reasons.map((x) => x.code)).toEqual(['country', 'deposits', 'appropriateness_block']);
  });

  it('a warning outcome of the appropriateness test adds a little', () => {
    expect(assessRisk(client({ appropriateness: 'warn' })).reasons).toEqual([
      { code: 'appropriateness_warn', points: 10 },
    ]);
  });

  it("an admin's typed country list is cleaned: upper case, unique, two letters", () => {
    expect(normaliseCountryList([' ru', 'RU', 'by ', 'Russia', ''])).toEqual(['BY', 'RU']);
  });
});
