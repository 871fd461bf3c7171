// Run in a fresh Node process: time from before importing a bundle until its module graph has evaluated.
const file = process.argv[2];
const t0 = performance.now();
await import(file);
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ ms }));
