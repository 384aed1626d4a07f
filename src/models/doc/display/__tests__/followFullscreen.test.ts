import { createApp } from '../../../../runtime';
import { docModel, docActions } from '../..';

describe('spec §4 fullscreen follows the browser (subscription)', () => {
  it('cancels showFullscreen when the browser leaves fullscreen on its own', () => {
    const app = createApp<{ doc: { showFullscreen: boolean } }>();
    app.model(docModel);
    app.start();
    app.dispatch(docActions.showFullscreen());
    expect(app.getState().doc.showFullscreen).toBe(true);
    document.dispatchEvent(new Event('fullscreenchange'));
    expect(app.getState().doc.showFullscreen).toBe(false);
    app.unmodel('doc');
  });
});
