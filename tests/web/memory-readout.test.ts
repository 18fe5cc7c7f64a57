// The metrics panel's "model size" and "wasm heap now" read-outs (web/src/ui/memory-readout.ts)
// show exactly the numbers of the worker's Lab.memory() report, in every locale's own
// number format (tests/wasm/module.test.ts checks the report against the module itself).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoryTexts } from '../../web/src/ui/memory-readout.ts';
import { speak } from './catalog-files.ts';

const report = {
  vocabSize: 4096,
  width: 256,
  weights: 4096 * 256 + 2 * 256,
  modelBytes: 4 * (4096 * 256 + 2 * 256),
  heapBytes: 91_357_184,
};

for (const locale of ['en', 'es', 'zh-CN'] as const) {
  test(`${locale}: the read-outs show the report's weights and bytes, nothing invented`, () => {
    speak(locale);
    const number = (value: number) => new Intl.NumberFormat(locale).format(value);
    const { model, heap } = memoryTexts(report);
    for (const value of [4096, 256, report.weights, report.modelBytes])
      assert.ok(model.includes(number(value)), `${model} shows ${number(value)}`);
    assert.ok(model.includes(`${number(4)} MiB`), model); // 4,196,352 bytes
    assert.ok(heap.includes(number(report.heapBytes)), `${heap} shows the heap's bytes`);
    assert.ok(heap.includes(number(87.1)), `${heap} shows 87.1 MiB`);
    for (const text of [model, heap]) assert.doesNotMatch(text, /NaN|undefined|\{/);
    const none = memoryTexts({ ...report, vocabSize: 0, width: 0, weights: 0, modelBytes: 0 });
    assert.doesNotMatch(none.model, /\d/, 'no data: no number claimed for the model');
  });
}
