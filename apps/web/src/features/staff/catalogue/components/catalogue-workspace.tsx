import { Stack } from '@mantine/core';
import { MarcImportScreen } from './marc-import';
import { NetworkSourcesPanel } from './network-sources';

/** The catalogue part of the staff workspace: the MARC upload, then the network's OAI-PMH sources. */
export function CatalogueWorkspace() {
  return (
    <Stack gap="xl">
      <MarcImportScreen />
      <NetworkSourcesPanel />
    </Stack>
  );
}
