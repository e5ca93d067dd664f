import { MSG } from '@isaac/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionBadge } from '~/components/devices/ConnectionBadge';
import { AirQualityBadge } from '~/components/devices/AirQualityBadge';
import { formatCalendarDate, formatDateTime, formatNumber, formatRupees } from '~/lib/format';
import { localiseMessage } from './messages';
import { currentLanguage, documentTitle, i18n, setLanguage } from '.';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('switching the language (ADR 073)', () => {
  it('fetches the Hindi catalogue, re-renders in Hindi and marks the page hi-IN; back to English', async () => {
    render(<ConnectionBadge online />);
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(i18n.hasResourceBundle('hi', 'common')).toBe(false);

    await act(() => setLanguage('hi'));
    expect(currentLanguage()).toBe('hi');
    expect(i18n.hasResourceBundle('hi', 'common')).toBe(true);
    expect(screen.getByText('ऑनलाइन')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi-IN');

    await act(() => setLanguage('en'));
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-IN');
  });

  it('names the AQI band in the language shown', async () => {
    const reading = { aqi: 160, band: 'moderate', label: 'Moderate', pm25: 75.4, at: '2026-11-27T10:00:00Z' };
    render(<AirQualityBadge airQuality={reading as never} />);
    expect(screen.getByText('Moderate')).toBeInTheDocument();
    expect(screen.getByText('AQI 160 · PM2.5 75 µg/m³')).toBeInTheDocument();
    await act(() => setLanguage('hi'));
    expect(screen.getByText('मध्यम')).toBeInTheDocument();
    expect(screen.getByText('AQI 160 · PM2.5 75 µg/m³')).toBeInTheDocument();
  });
});

describe('document titles', () => {
  it('name the page and the area in the language shown', async () => {
    expect(documentTitle('nav.settings', 'owner')).toBe('Settings | Isaac Owner');
    expect(documentTitle('pageNames.assignedDevices', 'electrician')).toBe(
      'Assigned Devices | Isaac Electrician',
    );
    await act(() => setLanguage('hi'));
    expect(documentTitle('nav.settings', 'owner')).toBe('सेटिंग | Isaac मालिक');
  });
});

describe('numbers and dates the Indian way (en-IN, hi-IN)', () => {
  it('groups by lakh and crore in both languages', async () => {
    expect(formatNumber(1_240_000)).toBe('12,40,000');
    expect(formatNumber(123_456_789)).toBe('12,34,56,789');
    expect(formatRupees(12_400_000)).toBe('₹1,24,000');
    await act(() => setLanguage('hi'));
    expect(formatNumber(1_240_000)).toBe('12,40,000');
    expect(formatRupees(12_400_000)).toBe('₹1,24,000');
  });

  it('writes dates and the words around them in the language shown', async () => {
    expect(formatCalendarDate('2031-03-04')).toBe('4 Mar 2031');
    expect(formatDateTime(null)).toBe('Never');
    await act(() => setLanguage('hi'));
    expect(formatCalendarDate('2031-03-04')).toBe('4 मार्च 2031');
    expect(formatDateTime(null)).toBe('कभी नहीं');
    expect(formatDateTime('not a date')).toBe('पता नहीं');
  });
});

describe('fixed English messages (toasts, form rules, server answers)', () => {
  it('are shown in Hindi when a catalogue has them, and as they are otherwise', async () => {
    expect(localiseMessage(MSG.deviceAdded)).toBe(MSG.deviceAdded);
    await act(() => setLanguage('hi'));
    expect(localiseMessage(MSG.deviceAdded)).toBe('डिवाइस जोड़ दिया गया');
    expect(localiseMessage('Ready to retry')).toBe('Ready to retry');
  });
});
