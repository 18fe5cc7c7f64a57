// Core's sentences spell the paper's symbols in ASCII; the page shows them in its own
// notation (format.ts paperNotation), so "(eta/2)||v||^2, R^2" never stands next to
// "(η/2)‖v‖², R²". Words that merely contain the letters stay as they are.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { paperNotation } from '../../web/src/format.ts';

test("core's ASCII symbols are written in the page's notation", () => {
  assert.equal(
    paperNotation('slope 0.98 against (eta/2)||v||^2 = 500, R^2 0.9999'),
    'slope 0.98 against (η/2)‖v‖² = 500, R² 0.9999',
  );
  assert.equal(
    paperNotation('moves each v.E_s by (eta/2) alpha_s; sigma/sqrt(d) = 0.00375'),
    'moves each v·E_s by (η/2) α_s; σ/√d = 0.00375',
  );
  assert.equal(
    paperNotation('p.E_s with |Delta| >= 0.3, ||p_mm||'),
    'p·E_s with |Δ| ≥ 0.3, ‖p_mm‖',
  );
  assert.equal(paperNotation('std(alpha) and Delta_s'), 'std(α) and Δ_s');
});

test('words that contain the letters are left alone', () => {
  const text = 'beta, metadata, alphabet, Deltas, sigmoid, theta, review v. Every';
  assert.equal(paperNotation(text), text);
});
