import { afterEach, describe, expect, it } from 'vitest';
import {
  browserLanguage,
  LANGUAGE_STORAGE_KEY,
  preferredLanguage,
  storedLanguage,
  storeLanguage,
} from './language';

afterEach(() => localStorage.clear());

describe('the language a person reads (ADR 073)', () => {
  it('follows the browser: the first of its languages the app has, by primary subtag', () => {
    expect(browserLanguage(['hi-IN', 'en-IN'])).toBe('hi');
    expect(browserLanguage(['hi'])).toBe('hi');
    expect(browserLanguage(['en-IN', 'hi-IN'])).toBe('en');
    expect(browserLanguage(['mr-IN', 'hi-IN', 'en'])).toBe('hi');
    expect(browserLanguage(['ta-IN', 'fr'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('a choice on this browser wins over the browser, and the account’s over both', () => {
    expect(preferredLanguage()).toBe('en'); // jsdom's navigator: en-US
    storeLanguage('hi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(storedLanguage()).toBe('hi');
    expect(preferredLanguage()).toBe('hi');
    expect(preferredLanguage('en')).toBe('en');
    storeLanguage(null);
    expect(preferredLanguage()).toBe('en');
  });

  it('ignores a stored value that is not a language of the app', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(storedLanguage()).toBeNull();
    expect(preferredLanguage()).toBe('en');
  });
});
