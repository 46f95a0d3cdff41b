// A fresh process to its first fingerprint: import elicit-form (argv[2], the
// node entry's URL), fingerprint the schema (argv[3], JSON text, parsed to a
// value as a host would have it), and report when that was done.
const { fingerprint } = await import(process.argv[2]);
const digest = fingerprint(JSON.parse(process.argv[3]));
if (digest.length !== 64) throw new Error(`unexpected fingerprint ${digest}`);
process.stdout.write(String(performance.now()));
