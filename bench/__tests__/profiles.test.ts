import { DEFAULT_LINKS, LINK_NAMES, PROFILES, linkLabel, parseList, rowLabel } from '../profiles';

describe('parseList', () => {
  it('keeps the allowed names, in the allowed order, each once', () => {
    expect(parseList('links', ' phone,20mbit ,phone', LINK_NAMES)).toEqual(['20mbit', 'phone']);
  });

  it('names the flag and what it accepts when a name is unknown', () => {
    expect(() => parseList('temps', 'warm,hot', ['cold', 'warm'])).toThrow(
      '--temps: "hot" is not one of cold, warm',
    );
  });

  it('refuses an empty list', () => {
    expect(() => parseList('links', ' , ', LINK_NAMES)).toThrow('--links: name at least one of');
  });
});

describe('profiles', () => {
  it('runs the phone at 390 × 844, scale 3, touch, CPU 4× slower, 9 Mbit/s + 85 ms', () => {
    expect(PROFILES.phone).toEqual({
      network: { latencyMs: 85, mbit: 9 },
      device: { width: 390, height: 844, deviceScaleFactor: 3, mobile: true },
      cpuSlowdown: 4,
      firstViewOnly: true,
    });
  });

  it('measures the links the targets name by default', () => {
    expect(DEFAULT_LINKS).toEqual(['loopback', '20mbit', 'phone']);
  });
});

describe('row labels', () => {
  const doc = { name: 'tracemonkey', pages: 14 };

  it('names the document, the link and the temperature', () => {
    expect(rowLabel(doc, '20mbit', 'warm')).toBe('tracemonkey (14 p.), 20 Mbit/s, 40 ms, warm');
    expect(rowLabel(doc, 'loopback', 'cold')).toBe('tracemonkey (14 p.), loopback, cold');
  });

  it('says what the phone is', () => {
    expect(linkLabel('phone')).toBe('phone 390 × 844, CPU 4× slower, 9 Mbit/s, 85 ms');
  });
});
