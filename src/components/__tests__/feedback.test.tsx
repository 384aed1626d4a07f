import { act, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createToaster } from '../feedback';
import { Shell } from '../Shell';
import {
  NOTIFICATION_DURATION_S,
  NOTIFICATION_TOP_PX,
  TOAST_DURATION_S,
} from '../../../config/defaults';

function fakeMessageApi() {
  const open = jest.fn();
  return { api: { open } as unknown as MessageInstance, open };
}

describe('spec §9 messages', () => {
  it('constants: toast 3 s, notification 1.5 s at top 65', () => {
    expect(TOAST_DURATION_S).toBe(3);
    expect(NOTIFICATION_DURATION_S).toBe(1.5);
    expect(NOTIFICATION_TOP_PX).toBe(65);
  });

  it('toasts last 3 seconds by default and take keys from an incrementing counter', () => {
    const { api, open } = fakeMessageApi();
    const toaster = createToaster(api);
    expect(toaster.info('one')).toBe('folio-toast-1');
    expect(toaster.error('two')).toBe('folio-toast-2');
    expect(open).toHaveBeenNthCalledWith(1, {
      type: 'info',
      content: 'one',
      key: 'folio-toast-1',
      duration: 3,
    });
    expect(open).toHaveBeenNthCalledWith(2, {
      type: 'error',
      content: 'two',
      key: 'folio-toast-2',
      duration: 3,
    });
  });

  it('notifications in the viewer auto-close after 1.5 s with a top offset of 65', async () => {
    jest.useFakeTimers();
    function Notify() {
      const { notification } = App.useApp();
      return (
        <button
          type="button"
          onClick={() => {
            notification.info({ title: 'Saved' });
          }}
        >
          notify
        </button>
      );
    }
    render(
      <Shell locale="en">
        <Notify />
      </Shell>,
    );
    act(() => {
      screen.getByRole('button', { name: 'notify' }).click();
    });
    const notice = await screen.findByText('Saved');
    const container = notice.closest<HTMLElement>('.ant-notification');
    expect(container?.style.getPropertyValue('--notification-top')).toBe('65px');
    act(() => {
      jest.advanceTimersByTime(1400);
    });
    expect(screen.queryByText('Saved')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    await waitFor(() => {
      expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    });
    jest.useRealTimers();
  });
});
