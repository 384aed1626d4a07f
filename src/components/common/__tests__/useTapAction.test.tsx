import { fireEvent, render, screen } from '@testing-library/react';
import { useTapAction } from '../useTapAction';

function Tap({ action }: { action: () => void }) {
  return (
    <button type="button" {...useTapAction(action)}>
      Confirm
    </button>
  );
}

function setup() {
  const action = jest.fn();
  render(<Tap action={action} />);
  const button = screen.getByRole('button', { name: 'Confirm' });
  // jsdom lays nothing out: give the button a box for the "released over it" check.
  button.getBoundingClientRect = () => DOMRect.fromRect({ x: 10, y: 10, width: 100, height: 40 });
  return { action, button };
}

// jsdom has no PointerEvent: fireEvent would make plain events without pointerType or pointerId.
class TestPointerEvent extends MouseEvent {
  readonly pointerType: string;
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? '';
    this.pointerId = init.pointerId ?? 0;
  }
}
beforeAll(() => {
  if (!('PointerEvent' in window)) {
    Object.defineProperty(window, 'PointerEvent', { value: TestPointerEvent, configurable: true });
  }
});

const touch = { pointerType: 'touch', pointerId: 7, clientX: 50, clientY: 30 };

describe('useTapAction: the first tap acts, once', () => {
  it('a touch press released over the button acts on pointerup, and its own click is ignored', () => {
    const { action, button } = setup();
    fireEvent.pointerDown(button, touch);
    fireEvent.pointerUp(button, touch);
    expect(action).toHaveBeenCalledTimes(1);
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(1);
    // A later click (the keyboard, a mouse) acts again.
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('a touch released outside the button, or cancelled, does nothing', () => {
    const { action, button } = setup();
    fireEvent.pointerDown(button, touch);
    fireEvent.pointerUp(button, { ...touch, clientX: 300 });
    fireEvent.pointerDown(button, touch);
    fireEvent.pointerCancel(button, touch);
    fireEvent.pointerUp(button, touch);
    expect(action).not.toHaveBeenCalled();
  });

  it('a mouse acts on click only', () => {
    const { action, button } = setup();
    const mouse = { ...touch, pointerType: 'mouse' };
    fireEvent.pointerDown(button, mouse);
    fireEvent.pointerUp(button, mouse);
    expect(action).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(1);
  });
});
