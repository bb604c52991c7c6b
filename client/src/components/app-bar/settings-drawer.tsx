import { DRAWER_WIDTH } from '#server/contracts/device.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { Drawer } from '../drawer/drawer.tsx';
import { SettingsMenu } from './settings-menu.tsx';

/** The phone's settings drawer, opened from the application bar (its own chunk: see app-bar.tsx). */
export default function SettingsDrawer({
  id,
  user,
  onClose,
}: {
  id: string;
  user: LoggedInUser;
  onClose: () => void;
}) {
  return (
    <Drawer id={id} open onClose={onClose} label="設定" width={DRAWER_WIDTH} side="right">
      <SettingsMenu user={user} onFollow={onClose} />
    </Drawer>
  );
}
