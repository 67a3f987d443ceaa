import { describe, expect, it } from 'vitest';
import { contrast, luminance, mix, parseHex, type Rgb, readableFill, readableOn, toHex } from './colour.js';

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const hex = (value: string) => parseHex(value) as Rgb;

describe('colour arithmetic', () => {
  it('reads and writes hex colours', () => {
    expect(parseHex('#0b5cab')).toEqual([11, 92, 171]);
    expect(parseHex('#FFF')).toEqual([255, 255, 255]);
    for (const bad of ['0b5cab', '#0b5ca', '#0b5cab80', 'red', 'rgb(1, 2, 3)', ''])
      expect(parseHex(bad)).toBeNull();
    expect(toHex([11, 92, 171])).toBe('#0b5cab');
    expect(toHex([-4, 300, 127.6])).toBe('#00ff80');
  });

  it('mixes in sRGB as color-mix does, rounding to whole channels', () => {
    expect(mix(BLACK, WHITE, 0)).toEqual(BLACK);
    expect(mix(BLACK, WHITE, 1)).toEqual(WHITE);
    expect(mix(BLACK, WHITE, 0.5)).toEqual([128, 128, 128]);
    expect(mix(hex('#0b5cff'), BLACK, 0.1)).toEqual([10, 83, 230]);
  });

  it('measures WCAG 2 luminance and contrast ratios', () => {
    expect(luminance(BLACK)).toBe(0);
    expect(luminance(WHITE)).toBeCloseTo(1, 10);
    expect(contrast(BLACK, WHITE)).toBeCloseTo(21, 10);
    expect(contrast(WHITE, BLACK)).toBeCloseTo(21, 10);
    expect(contrast(hex('#777'), hex('#777'))).toBe(1);
    // the numbers: white on the demo brand's dark-mode primary (axe cuts it to 3.64), Bootstrap's grey
    expect(contrast(WHITE, hex('#4c82f0'))).toBeCloseTo(3.65, 2);
    expect(contrast(hex('#6c757d'), WHITE)).toBeCloseTo(4.69, 2);
  });
});

describe('readableOn: a colour shaded until it reads on every background', () => {
  it('keeps a colour that already reads', () => {
    expect(readableOn(hex('#0f766e'), [WHITE, hex('#f6fbfa')])).toEqual(hex('#0f766e'));
  });

  it('darkens on light backgrounds and lightens on dark ones, only as far as needed', () => {
    const coral = hex('#e0533d');
    const onLight = readableOn(coral, [WHITE, hex('#fbf9f8')]);
    expect(contrast(onLight, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(luminance(onLight)).toBeLessThan(luminance(coral));
    // one step less would not have been enough
    expect(contrast(mix(coral, BLACK, 0), WHITE)).toBeLessThan(4.5);

    const violet = hex('#8f5ae2');
    const dark = [hex('#130d1c'), hex('#251d30')];
    const onDark = readableOn(violet, dark);
    for (const background of dark) expect(contrast(onDark, background)).toBeGreaterThanOrEqual(4.5);
    expect(luminance(onDark)).toBeGreaterThan(luminance(violet));
  });

  it('meets a stricter ratio when asked, and falls back to black or white at worst', () => {
    const grey = hex('#808080');
    expect(contrast(readableOn(grey, [WHITE], 7), WHITE)).toBeGreaterThanOrEqual(7);
    expect(readableOn(grey, [WHITE], 21)).toEqual(BLACK);
    expect(readableOn(grey, [])).toEqual(grey);
  });
});

describe('readableFill: a primary button that reads', () => {
  it('keeps fill and text that already read', () => {
    expect(readableFill(hex('#0b5cff'), WHITE)).toEqual({ fill: hex('#0b5cff'), text: WHITE });
    expect(readableFill(hex('#53e9dd'), hex('#111318'))).toEqual({
      fill: hex('#53e9dd'),
      text: hex('#111318'),
    });
  });

  it('deepens a light primary a little to keep the brand’s white text (the issue’s dark-mode button)', () => {
    const { fill, text } = readableFill(hex('#4c82f0'), WHITE);
    expect(text).toEqual(WHITE);
    expect(contrast(fill, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(luminance(fill)).toBeLessThan(luminance(hex('#4c82f0')));
    expect(contrast(fill, hex('#4c82f0'))).toBeLessThan(1.4);
  });

  it('lightens the fill under dark text', () => {
    const { fill, text } = readableFill(hex('#6a7080'), hex('#111318'), { maxShift: 0.5 });
    expect(text).toEqual(hex('#111318'));
    expect(luminance(fill)).toBeGreaterThan(luminance(hex('#6a7080')));
    expect(contrast(fill, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('switches to dark text rather than moving the fill far from the brand colour', () => {
    const orange = hex('#ee8b4e');
    const { fill, text } = readableFill(orange, WHITE, { maxShift: 0.2 });
    expect(fill).toEqual(orange);
    expect(text).toEqual(hex('#111318'));
    expect(contrast(fill, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('picks the text itself when the brand names none, and meets the ratio asked for', () => {
    expect(readableFill(hex('#1e3a8a'), null).text).toEqual(WHITE);
    expect(readableFill(hex('#facc15'), null).text).toEqual(hex('#111318'));
    for (const primary of ['#777777', '#e0533d', '#2ebd85', '#8f5ae2', '#00ff00', '#ff0000', '#0000ff']) {
      for (const preferred of [WHITE, hex('#111318'), null]) {
        const { fill, text } = readableFill(hex(primary), preferred, { ratio: 4.6, maxShift: 0.2 });
        expect(contrast(fill, text), `${primary}`).toBeGreaterThanOrEqual(4.6);
      }
    }
  });
});
