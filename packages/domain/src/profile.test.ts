import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.js';
import {
  ageOn,
  checkBirthDate,
  isProfileComplete,
  MIN_AGE_DEFAULT,
  missingProfileFields,
  PROFILE_REQUIRED_FIELDS,
} from './profile.js';
import { validateInput } from './schemas/issues.js';
import { profileUpdateInputFor } from './schemas/profile.js';

const complete = {
  first_name: 'Anna',
  last_name: 'Berg',
  phone: '+49 151 12345678',
  birth_date: '1990-04-01',
  country_id: 82,
  state: 'Berlin',
  city: 'Berlin',
  street: 'Unter den Linden 1',
  zip_code: '10117',
};

describe('spec §5 profile completeness', () => {
  it('requires first and last name, phone, birth date, country, state, city, street and zip code', () => {
    expect(PROFILE_REQUIRED_FIELDS).toEqual([
      'first_name',
      'last_name',
      'phone',
      'birth_date',
      'country_id',
      'state',
      'city',
      'street',
      'zip_code',
    ]);
  });

  it('a filled profile with a valid phone is complete', () => {
    expect(isProfileComplete(complete)).toBe(true);
    expect(missingProfileFields(complete)).toEqual([]);
  });

  it('a field that is blank after trimming makes it incomplete', () => {
    expect(missingProfileFields({ ...complete, city: '   ', zip_code: null })).toEqual(['city', 'zip_code']);
    expect(isProfileComplete({ ...complete, street: '' })).toBe(false);
  });

  it('an invalid phone makes it incomplete', () => {
    expect(missingProfileFields({ ...complete, phone: '+49 123' })).toEqual(['phone']);
  });

  it('country 0 means no country chosen', () => {
    expect(missingProfileFields({ ...complete, country_id: 0 })).toEqual(['country_id']);
    expect(missingProfileFields({ ...complete, country_id: '0' })).toEqual(['country_id']);
    expect(missingProfileFields({ ...complete, country_id: '82' })).toEqual([]);
  });

  it('a new user without details misses every field', () => {
    expect(missingProfileFields({})).toEqual([...PROFILE_REQUIRED_FIELDS]);
    expect(missingProfileFields(null)).toEqual([...PROFILE_REQUIRED_FIELDS]);
    expect(isProfileComplete(undefined)).toBe(false);
  });
});

describe('birth date rule (not in the future, at least the brand minimum age)', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  const rules = { now, minAge: MIN_AGE_DEFAULT };
  const text = (birthDate: string, minAge = MIN_AGE_DEFAULT) => {
    const problem = checkBirthDate(birthDate, { now, minAge });
    return problem && formatMessage(problem);
  };

  it('refuses a date in the future, such as 2099-12-31 or tomorrow', () => {
    expect(text('2099-12-31')).toBe("The birth date can't be in the future");
    expect(text('2026-11-22')).toBe("The birth date can't be in the future");
  });

  it('refuses a minor: 18 years old only from the 18th birthday on', () => {
    expect(MIN_AGE_DEFAULT).toBe(18);
    expect(text('2008-11-22')).toBe('You must be at least 18 years old to open an account');
    expect(checkBirthDate('2008-11-21', rules)).toBeNull();
    expect(checkBirthDate('1990-04-01', rules)).toBeNull();
    expect(text('2026-11-21')).toBe('You must be at least 18 years old to open an account');
  });

  it("uses the brand's minimum age", () => {
    expect(text('2004-11-22', 22)).toBe('You must be at least 22 years old to open an account');
    expect(checkBirthDate('2004-11-21', { now, minAge: 22 })).toBeNull();
  });

  it('counts someone born on 29 February a year older on 1 March', () => {
    expect(ageOn('2008-02-29', new Date('2026-02-28T23:59:59Z'))).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBe(18);
  });

  it('is the schema rule the web form explains', () => {
    const schema = profileUpdateInputFor(rules);
    const result = validateInput(schema, { ...complete, country_id: '82', birth_date: '2099-12-31' });
    expect(result.ok ? [] : result.errors.map((e) => [e.path, formatMessage(e)])).toEqual([
      ['birth_date', "The birth date can't be in the future"],
    ]);
    expect(validateInput(schema, { ...complete, country_id: '82' }).ok).toBe(true);
  });
});
