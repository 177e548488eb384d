import { useChineseSiteModal } from './ChineseSiteModal';

/** Mounts the Chinese-site modal logic; renders nothing itself (the modal outlet shows the modal). */
export function ChineseSiteModalGate() {
  useChineseSiteModal();
  return null;
}
