"""The PyTorch peer of clslab's epoch (bench, not a test; Debian's python3-torch).

Reads what `clslab_step_bench --write-peer DIR` wrote: a small case with clslab's weights,
loss and dense gradient, and the IMDB-shaped corpus (25,000 reviews x 230 tokens,
V = 30,000) that clslab's native epoch was timed on in the same run. First proves that
both models compute the same loss and gradient on the small case, then times one
full-batch gradient-descent epoch (forward, backward, update of E and p; v fixed) two ways:

  embedding  the model a researcher would write: nn.Embedding, padded batches sorted by
             length, masked softmax, logistic loss; autograd through the gathered rows
             (B x T x d per batch).
  rank-two   the same model written the way THEORY.md says the gradient is shaped: the
             scores a = E p and values b = E v for all V tokens once per epoch, then
             gathers of scalars (B x T) per batch and one backward pass; autograd forms
             dL/dE = A p^T + B v^T.

Legend: n reviews, T tokens in a review (padded to the batch's longest), V vocabulary,
d width. Prints one JSON object. Usage: python3 bench/torch/peer.py DIR [--reps 3]
[--threads 1] [--dims 64,256]
"""

import json
import sys
import time

import numpy as np
import torch


def load_corpus(prefix):
    ids = np.fromfile(prefix + ".ids.i32", dtype=np.int32)
    offsets = np.fromfile(prefix + ".offsets.i32", dtype=np.int32)
    labels = np.fromfile(prefix + ".labels.i8", dtype=np.int8).astype(np.float32)
    return ids, offsets, labels


def padded_batches(ids, offsets, labels, batch_size):
    """Reviews sorted by length, cut into batches: (X [B x T] int64, mask [B x T], y [B])."""
    lengths = np.diff(offsets)
    order = np.argsort(lengths, kind="stable")
    batches = []
    for start in range(0, len(order), batch_size):
        rows = order[start : start + batch_size]
        width = int(lengths[rows].max())
        X = np.zeros((len(rows), width), dtype=np.int64)
        mask = np.zeros((len(rows), width), dtype=bool)
        for r, i in enumerate(rows):
            review = ids[offsets[i] : offsets[i + 1]]
            X[r, : len(review)] = review
            mask[r, : len(review)] = True
        batches.append((torch.from_numpy(X), torch.from_numpy(mask), torch.from_numpy(labels[rows])))
    return batches


class Attention(torch.nn.Module):
    """a_t = p.E_{x_t}, b_t = v.E_{x_t}, s = softmax(a) over real tokens, f = sum_t s_t b_t."""

    def __init__(self, E, p, v, rank_two):
        super().__init__()
        self.E = torch.nn.Embedding.from_pretrained(E, freeze=False)  # V x d
        self.p = torch.nn.Parameter(p)  # d
        self.register_buffer("v", v)  # d, fixed
        self.rank_two = rank_two

    def scores(self):
        """a_s = p.E_s and b_s = v.E_s for every token (rank-two form), else None."""
        if not self.rank_two:
            return None
        return self.E.weight @ self.p, self.E.weight @ self.v  # V, V

    def logits(self, X, mask, scores=None):
        if scores is not None:
            a, b = scores[0][X], scores[1][X]  # B x T
        else:
            e = self.E(X)  # B x T x d
            a, b = e @ self.p, e @ self.v  # B x T
        a = a.masked_fill(~mask, float("-inf"))
        s = torch.softmax(a, dim=1)  # B x T, padding gets 0
        return (s * b.masked_fill(~mask, 0.0)).sum(dim=1)  # B


def epoch(model, batches, n, lr):
    """One full-batch GD step: the gradient of the mean loss over all n reviews."""
    model.zero_grad(set_to_none=True)
    scores = model.scores()
    total = 0.0
    losses = []
    for X, mask, y in batches:
        loss = torch.nn.functional.softplus(-y * model.logits(X, mask, scores)).sum() / n
        if scores is None:
            loss.backward()  # the gathered B x T x d rows are freed batch by batch
        else:
            losses.append(loss)
        total += float(loss)
    if losses:
        torch.stack(losses).sum().backward()  # one pass back through a = E p, b = E v
    with torch.no_grad():
        model.E.weight -= lr * model.E.weight.grad
        model.p -= lr * model.p.grad
    return total


def check_small(directory, meta):
    """Loss and gradient of both formulations against clslab's on the small case."""
    d, V = meta["d"], meta["vocab"]
    ids, offsets, labels = load_corpus(directory + "/small")
    E = torch.from_numpy(np.fromfile(directory + "/small.E.f32", dtype=np.float32).reshape(V, d))
    p = torch.from_numpy(np.fromfile(directory + "/small.p.f32", dtype=np.float32))
    v = torch.from_numpy(np.fromfile(directory + "/small.v.f32", dtype=np.float32))
    grad_E = np.fromfile(directory + "/small.gradE.f32", dtype=np.float32).reshape(V, d)
    grad_p = np.fromfile(directory + "/small.gradp.f32", dtype=np.float32)
    batches = padded_batches(ids, offsets, labels, 64)
    out = {}
    for name, rank_two in (("embedding", False), ("rankTwo", True)):
        model = Attention(E.clone().double(), p.clone().double(), v.clone().double(), rank_two)
        batches64 = [(X, m, y.double()) for X, m, y in batches]
        model.zero_grad()
        loss = 0.0
        for X, mask, y in batches64:
            scores = model.scores()
            part = torch.nn.functional.softplus(-y * model.logits(X, mask, scores))
            part = part.sum() / len(labels)
            part.backward()
            loss += float(part)
        gE = model.E.weight.grad.numpy()
        gp = model.p.grad.numpy()
        out[name] = {
            "lossRelDiff": abs(loss - meta["loss"]) / abs(meta["loss"]),
            "gradERelDiff": float(np.abs(gE - grad_E).max() / np.abs(grad_E).max()),
            "gradPRelDiff": float(np.abs(gp - grad_p).max() / np.abs(grad_p).max()),
        }
    return out


def main():
    directory = sys.argv[1]
    arg = lambda name, fallback: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else fallback
    reps = int(arg("--reps", "3"))
    threads = int(arg("--threads", "1"))
    dims = [int(x) for x in arg("--dims", "64,256").split(",")]
    torch.set_num_threads(threads)  # clslab's epoch is single-threaded
    meta = json.load(open(directory + "/peer.json"))
    result = {"torch": torch.__version__, "threads": threads, "check": check_small(directory, meta["small"])}
    ids, offsets, labels = load_corpus(directory + "/imdb")
    V, n = meta["imdb"]["vocab"], len(labels)
    batches = padded_batches(ids, offsets, labels, 256)
    runs = []
    generator = torch.Generator().manual_seed(1)
    for d in dims:
        for name, rank_two in (("embedding", False), ("rankTwo", True)):
            E = torch.randn(V, d, generator=generator) / d**0.5
            v = torch.randn(d, generator=generator)
            model = Attention(E, torch.zeros(d), v / v.norm(), rank_two)
            epoch(model, batches, n, 1.0)  # warm-up
            times = []
            for _ in range(reps):
                start = time.perf_counter()
                loss = epoch(model, batches, n, 1.0)
                times.append((time.perf_counter() - start) * 1000)
            runs.append({"d": d, "model": name, "epochMs": sorted(times)[len(times) // 2], "loss": loss})
            print(f"[torch] d {d} {name}: {runs[-1]['epochMs']:.0f} ms", file=sys.stderr)
    result["runs"] = runs
    print(json.dumps(result))


if __name__ == "__main__":
    main()
