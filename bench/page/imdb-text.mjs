// An IMDB-shaped review set as text (label<TAB>text), seeded: real review lengths (a
// log-normal around 230 words, from 10 to 1,500), Zipf word frequencies over 30,000 words,
// sentence punctuation, and 5% of positions holding one of 200 label-leaning words. Used
// by the page benchmark to upload "25,000 real-length reviews" without shipping data.

import { seededRandom } from '../../web/src/data/seeded-random.mjs';

export function imdbText({ reviews = 25000, vocabulary = 30000, seed = 1 } = {}) {
  const uniform = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  const cdf = new Float64Array(vocabulary);
  let total = 0;
  for (let k = 0; k < vocabulary; k++) cdf[k] = total += 1 / (k + 1);
  const zipf = () => {
    const u = uniform() * total;
    let low = 0;
    let high = vocabulary - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cdf[mid] < u) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  const lines = ['label\ttext'];
  for (let i = 0; i < reviews; i++) {
    const label = uniform() < 0.5 ? 1 : 0;
    const length = Math.max(10, Math.min(1500, Math.round(Math.exp(5.25 + 0.65 * normal()))));
    const words = [];
    for (let t = 0; t < length; t++) {
      if (uniform() < 0.05) {
        const leaning = uniform() < 0.8 === (label === 1) ? 'good' : 'bad';
        words.push(`${leaning}${Math.floor(uniform() * 100)}`);
      } else {
        words.push(`w${zipf().toString(36)}`);
      }
      if (uniform() < 0.06) words.push(uniform() < 0.8 ? '.' : ',');
    }
    lines.push(`${label}\t${words.join(' ')}`);
  }
  return lines.join('\n') + '\n';
}
