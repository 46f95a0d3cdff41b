// The least an ES module script costs: Node's ESM loader, no imports, no work.
// Takes the same arguments as the other cold scripts and ignores them.
process.stdout.write(String(performance.now()));
