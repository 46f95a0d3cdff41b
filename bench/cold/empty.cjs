// The least a CommonJS script costs: no ES module loader, no imports, no work.
// Takes the same arguments as the other cold scripts and ignores them.
process.stdout.write(String(performance.now()));
