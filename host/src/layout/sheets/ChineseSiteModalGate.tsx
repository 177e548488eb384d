import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, useHost } from '@tours/shared/core';

/**
 * Mounts the Chinese-site modal logic; renders nothing itself (the modal outlet shows the modal). Only in the
 * Chinese-region configuration (appConfig.variant === 'china'): §1 ties the modal to the Chinese-audience variant, not
 * to the cn language of the base site. Its code loads only there, never with the base site's pages.
 */
export function ChineseSiteModalGate() {
  const host = useHost();
  const config = useAtomValue(appConfigAtom);
  useEffect(() => {
    const url = config.chineseSiteUrl;
    if (config.variant !== 'china' || !url) return;
    void import(/* webpackChunkName: "chinese-site-modal" */ './ChineseSiteModal').then((m) => m.maybeOpenChineseSiteModal(host, url));
  }, [host, config.variant, config.chineseSiteUrl]);
  return null;
}
