import { describe, expect, it } from 'vitest';
import { isProfileComplete, missingProfileFields, PROFILE_REQUIRED_FIELDS } from './profile.js';

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
