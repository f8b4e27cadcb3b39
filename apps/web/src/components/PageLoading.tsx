import { Center, Loader } from '@mantine/core';

/** Shown where a page will be while its code is fetched on the first visit (the shell stays). */
export function PageLoading({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center mih={fullPage ? '100vh' : 240}>
      <Loader aria-label="Loading page" />
    </Center>
  );
}
