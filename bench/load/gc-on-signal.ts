// Bench-only preload for the server child (with --expose-gc): SIGUSR2 runs a full GC, so RSS is compared without uncollected garbage.
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  console.log('[gc] collected');
});
