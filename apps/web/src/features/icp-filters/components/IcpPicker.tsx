import type { IcpDto } from '@leadline/shared';
import { Select } from '@mantine/core';
import { useIcps } from '../api';

const matchesText = (m: IcpDto['matches']) => `${m.total.toLocaleString()}${m.isLowerBound ? '+' : ''}`;

/**
 * The search sidebar's ICP entry: choosing an ICP fills the filters with its own (searching stays
 * the user's click, as a search spends credits). Loaded lazily, off the search screen's first load.
 */
export function IcpPicker({ onApply }: { onApply: (icp: IcpDto) => void }) {
  const icps = useIcps();
  const list = icps.data ?? [];
  return (
    <Select
      label="Ideal customer profiles"
      placeholder={icps.isError ? 'ICPs could not be loaded' : list.length === 0 ? 'No ICPs yet (Settings → Company)' : 'Apply an ICP'}
      data={list.map((icp) => ({ value: icp._id, label: `${icp.name} · ${matchesText(icp.matches)} people` }))}
      value={null}
      searchable
      nothingFoundMessage="No ICP matches."
      disabled={icps.isPending || list.length === 0}
      // Its dropdown mounts when it opens: the search screen's first render measures no closed popover.
      comboboxProps={{ keepMounted: false }}
      onChange={(id) => {
        const chosen = list.find((icp) => icp._id === id);
        if (chosen) onApply(chosen);
      }}
    />
  );
}
