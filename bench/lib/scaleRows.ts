// Imported first by bench/scale.ts: its fill is ten million leads unless BENCH_ROWS says otherwise,
// set before benchDatabase.ts reads BENCH_ROWS (imports are evaluated in order).
process.env.BENCH_ROWS ??= '10000000';
export {};
