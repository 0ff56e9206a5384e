// Funnel context from the page: UTM parameters (element attributes win over the address) and the device type.
import { describe, expect, it } from 'vitest';
import { loadAsset } from '../support/asset-module.ts';

type Win = Record<string, unknown>;
const { deviceType, utmOf } = await loadAsset<{
  deviceType: (win: Win) => string;
  utmOf: (host: { getAttribute: (name: string) => string | null }, url: string) => Record<string, string>;
}>('funnel.js');

const host = (attrs: Record<string, string> = {}) => ({ getAttribute: (name: string) => attrs[name] ?? null });
const win = (width: number, coarse: boolean, mobile?: boolean): Win => ({
  innerWidth: width,
  screen: { width },
  matchMedia: () => ({ matches: coarse }),
  navigator: { userAgentData: mobile === undefined ? undefined : { mobile } },
});

describe('utmOf', () => {
  it("reads the five utm_ parameters of the page's address, trimmed, and nothing else", () => {
    const url = 'https://shop.example/p?utm_source=instagram&utm_campaign=%20insta%20&utm_id=9&q=kurta';
    expect(utmOf(host(), url)).toEqual({ utm_source: 'instagram', utm_campaign: 'insta' });
  });

  it("lets the element's utm-* attributes win", () => {
    const url = 'https://shop.example/?utm_source=instagram';
    expect(utmOf(host({ 'utm-source': 'newsletter', 'utm-medium': 'email' }), url)).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
    });
  });
});

describe('deviceType', () => {
  it('tells phones, tablets and desktops apart by touch and width', () => {
    expect(deviceType(win(390, true))).toBe('mobile');
    expect(deviceType(win(360, false))).toBe('mobile');
    expect(deviceType(win(1024, true))).toBe('tablet');
    expect(deviceType(win(1280, false))).toBe('desktop');
    expect(deviceType(win(1280, false, true))).toBe('mobile');
  });
});
