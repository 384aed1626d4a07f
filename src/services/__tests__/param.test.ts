/** contracts §3 param policy: spec defaults for missing flags; restrictive values for wrong types. */
import { sanitizeParam } from '../param';
import { PARAM_DEFAULTS } from '../../domain/document';

const POLICY = [
  ['download', false],
  ['print', false],
  ['antiCopy', true],
] as const;

const WRONG_TYPES: [string, unknown][] = [
  ['"false"', 'false'],
  ['"yes"', 'yes'],
  ['null', null],
  ['1', 1],
  ['0', 0],
  ['an object', {}],
];

describe('sanitizeParam: policy flags (download, print, antiCopy)', () => {
  describe.each(POLICY)('%s', (flag, restrictive) => {
    it.each(WRONG_TYPES)(
      `contracts §3 param: ${flag} of the wrong type %s takes the restrictive value`,
      (_, value) => {
        expect(sanitizeParam({ [flag]: value })[flag]).toBe(restrictive);
      },
    );

    it(`contracts §3 param: ${flag} left out takes the spec's default`, () => {
      expect(sanitizeParam({})[flag]).toBe(PARAM_DEFAULTS[flag]);
      expect(sanitizeParam({ [flag]: undefined })[flag]).toBe(PARAM_DEFAULTS[flag]);
    });

    it.each([true, false])(`contracts §3 param: ${flag} as boolean %p is kept`, (value) => {
      expect(sanitizeParam({ [flag]: value })[flag]).toBe(value);
    });
  });
});

describe('sanitizeParam: other flags', () => {
  it.each(WRONG_TYPES)(
    "contracts §3 param: a non-policy flag of the wrong type %s takes the spec's default",
    (_, value) => {
      const param = sanitizeParam({ showSearch: value, showHeaderBar: value, select: value });
      expect(param.showSearch).toBe(false);
      expect(param.showHeaderBar).toBe(true);
      expect(param.select).toBe(false);
    },
  );

  it('contracts §3 param: booleans the facility sends are kept', () => {
    const param = sanitizeParam({ showSearch: true, showHeaderBar: false, showSignature: true });
    expect(param).toMatchObject({ showSearch: true, showHeaderBar: false, showSignature: true });
  });

  it('spec §3 param defaults: no param at all is exactly the defaults', () => {
    expect(sanitizeParam(undefined)).toEqual(PARAM_DEFAULTS);
    expect(sanitizeParam({})).toEqual(PARAM_DEFAULTS);
  });

  it.each([null, 'download=false', [], 42])(
    'contracts §3 param: a param that is not an object (%p) restricts the policy flags',
    (raw) => {
      expect(sanitizeParam(raw)).toEqual({
        ...PARAM_DEFAULTS,
        download: false,
        print: false,
        antiCopy: true,
      });
    },
  );

  it('ignores unknown fields and inherited ones', () => {
    const raw = JSON.parse('{"__proto__": {"download": false}, "extra": 1}') as unknown;
    const param = sanitizeParam(raw);
    expect(param).toEqual(PARAM_DEFAULTS);
    expect(param).not.toHaveProperty('extra');
  });

  it('htmlName must be a string and is sanitised; applicationType must be an integer', () => {
    expect(sanitizeParam({ htmlName: 'a\u202Eb', applicationType: 3 })).toMatchObject({
      htmlName: 'ab',
      applicationType: 3,
    });
    expect(sanitizeParam({ htmlName: 5, applicationType: '3' })).toMatchObject({
      htmlName: '',
      applicationType: 0,
    });
    expect(sanitizeParam({ applicationType: 1.5 }).applicationType).toBe(0);
  });
});

describe('sanitizeParam: zoom ratios', () => {
  it.each<[string, Record<string, unknown>, number, number]>([
    ['valid ratios are kept', { minZoomRatio: 0.5, maxZoomRatio: 4 }, 0.5, 4],
    ['one valid ratio is kept beside the other default', { maxZoomRatio: 3 }, 0.2, 3],
    ['a string ratio takes the default', { minZoomRatio: '0.5', maxZoomRatio: '4' }, 0.2, 2],
    ['zero and negative ratios take the defaults', { minZoomRatio: 0, maxZoomRatio: -1 }, 0.2, 2],
    [
      'non-finite ratios take the defaults',
      { minZoomRatio: null, maxZoomRatio: Number.POSITIVE_INFINITY },
      0.2,
      2,
    ],
    ['min > max takes both defaults', { minZoomRatio: 1.5, maxZoomRatio: 1 }, 0.2, 2],
    ['min above the default max alone takes both defaults', { minZoomRatio: 3 }, 0.2, 2],
    ['min = max is allowed', { minZoomRatio: 1, maxZoomRatio: 1 }, 1, 1],
    [
      'ratios beyond pdf.js limits take the defaults',
      { minZoomRatio: 0.01, maxZoomRatio: 50 },
      0.2,
      2,
    ],
  ])('spec §5 zoom ratios: %s', (_, raw, min, max) => {
    expect(sanitizeParam(raw)).toMatchObject({ minZoomRatio: min, maxZoomRatio: max });
  });
});
