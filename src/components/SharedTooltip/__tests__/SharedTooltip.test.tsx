import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { SHARED_TOOLTIP_DELAY_MS, useSharedTooltip } from '..';
import type { SharedTooltip } from '..';

let api: SharedTooltip | undefined;

function Capture({ withB = true }: { withB?: boolean }) {
  const shared = useSharedTooltip();
  useEffect(() => {
    api = shared;
  }, [shared]);
  return (
    <>
      <button type="button">A</button>
      {withB && <button type="button">B</button>}
    </>
  );
}

/** Shell (as every chrome has it) provides the shared tooltip. */
function setup() {
  const { rerender } = renderWithProviders(<Capture />);
  if (!api) throw new Error('no shared tooltip');
  return {
    rerender,
    tips: api,
    a: screen.getByRole('button', { name: 'A' }),
    b: screen.getByRole('button', { name: 'B' }),
  };
}

function wait(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

const tooltipText = () => screen.queryByRole('tooltip')?.textContent ?? null;

beforeEach(() => {
  jest.useFakeTimers();
  api = undefined;
});
afterEach(() => {
  jest.useRealTimers();
});

describe('SharedTooltip', () => {
  it('is absent outside its provider', () => {
    render(<Capture />);
    expect(api).toBeUndefined();
  });

  it(`shows a button's text after SHARED_TOOLTIP_DELAY_MS (${SHARED_TOOLTIP_DELAY_MS} ms), not before`, () => {
    const { tips, a } = setup();
    act(() => {
      tips.show(a, 'First');
    });
    wait(SHARED_TOOLTIP_DELAY_MS - 1);
    expect(tooltipText()).toBeNull();
    wait(1);
    expect(tooltipText()).toBe('First');
  });

  it('moves to the next button and hides only for the button it shows', () => {
    const { tips, a, b } = setup();
    act(() => {
      tips.show(a, 'First');
    });
    wait(SHARED_TOOLTIP_DELAY_MS);
    act(() => {
      tips.hide(a);
      tips.show(b, 'Second');
    });
    wait(SHARED_TOOLTIP_DELAY_MS);
    expect(tooltipText()).toBe('Second');
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    act(() => {
      tips.hide(a);
    });
    wait(SHARED_TOOLTIP_DELAY_MS);
    expect(tooltipText()).toBe('Second');
    act(() => {
      tips.hide(b);
    });
    wait(SHARED_TOOLTIP_DELAY_MS);
    expect(tooltipText()).toBeNull();
  });

  it("takes a new text for the button it shows, and ignores another button's", () => {
    const { tips, a, b } = setup();
    act(() => {
      tips.show(a, 'Enter full screen');
    });
    wait(SHARED_TOOLTIP_DELAY_MS);
    act(() => {
      tips.retitle(b, 'Other');
    });
    expect(tooltipText()).toBe('Enter full screen');
    act(() => {
      tips.retitle(a, 'Exit full screen');
    });
    expect(tooltipText()).toBe('Exit full screen');
  });

  it('shows nothing for a button gone before the delay ended', () => {
    const { tips, b, rerender } = setup();
    act(() => {
      tips.show(b, 'Second');
    });
    rerender(<Capture withB={false} />);
    wait(SHARED_TOOLTIP_DELAY_MS);
    expect(tooltipText()).toBeNull();
  });
});
