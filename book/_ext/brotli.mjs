// Brotli copies for the book's build (precompress.py): Node.js's own zlib, so the build needs no package
// beyond the Node.js that installs Pyodide.
//
//   node brotli.mjs JOB.json     JOB.json: {quality, pairs: [[source, target], ...]}; each target is written
//                                whole or not at all
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const { quality, pairs } = JSON.parse(readFileSync(process.argv[2], "utf8"));
for (const [source, target] of pairs) {
  const data = readFileSync(source);
  const packed = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(`${target}.part`, packed);
  renameSync(`${target}.part`, target);
}
