import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyPage } from '../lazyPage';
import { LocaleProvider } from '../../i18n';

function chunkFailure() {
  return Object.assign(new Error('Loading chunk 42 failed.\n(missing: /42.js)'), {
    name: 'ChunkLoadError',
    type: 'missing',
  });
}

describe('lazyPage', () => {
  it('shows the failed chunk and, on Retry, calls the loader again and renders the page', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest
      .fn<Promise<{ default: () => React.JSX.Element }>, []>()
      .mockRejectedValueOnce(chunkFailure())
      .mockResolvedValueOnce({ default: () => <p>the page</p> });
    const Page = lazyPage(load);
    render(
      <LocaleProvider locale="en">
        <Page />
      </LocaleProvider>,
    );
    expect(await screen.findByText('Part of Folio could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/Chunk 42 failed to load \(not found\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
