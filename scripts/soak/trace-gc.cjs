// Loaded by the soak's `--gc` (scripts/bench-soak.ts) into the server's processes with NODE_OPTIONS,
// which refuses V8's own flags: V8's GC trace turned on from inside, for every heap of the process.
require("node:v8").setFlagsFromString("--trace-gc");
