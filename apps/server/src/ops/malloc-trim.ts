/**
 * glibc's malloc_trim(0), through koffi: it gives the system back the free pages inside malloc's
 * heaps, not only at their top. Buffers' memory comes from malloc, and a quiz's 2,000 sockets
 * leave its main heap with holes that free() never returns (5-8 MB in bench:soak, after every
 * collection). Node has no call for it. Undefined where the C library is not glibc (musl, macOS,
 * Windows) or koffi does not load: the portal then runs without it.
 */
export async function loadMallocTrim(): Promise<(() => void) | undefined> {
  if (process.platform !== 'linux' || !glibc()) return undefined;
  try {
    const { default: koffi } = await import('koffi');
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (
      pad: number,
    ) => number;
    return () => void trim(0);
  } catch {
    return undefined;
  }
}

function glibc() {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return Boolean(report.header?.glibcVersionRuntime);
}
