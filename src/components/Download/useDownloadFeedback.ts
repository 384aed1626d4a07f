import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { downloadActions, selectDownloadFailure } from '../../models/download';
import { useMessages } from '../../i18n';
import { policyMessages } from './messages';
import { useToaster } from '../Shell';

/**
 * Tells the reader when a download failed, however it was started (the toolbar or Ctrl/⌘+S, which
 * works without the toolbar), then marks the failure as told.
 */
export function useDownloadFeedback(): void {
  const failure = useAppSelector(selectDownloadFailure);
  const dispatch = useAppDispatch();
  const toaster = useToaster();
  const t = useMessages(policyMessages);
  useEffect(() => {
    if (failure === undefined) return;
    toaster.error(
      failure.status === undefined
        ? t('policy.downloadUnreachable')
        : t('policy.downloadFailed', { status: failure.status }),
    );
    dispatch(downloadActions.failureShown());
  }, [failure, dispatch, toaster, t]);
}
