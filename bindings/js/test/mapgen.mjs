// SPDX-License-Identifier: MIT
// mapgen.mjs - the golden vectors' map generators, rebuilt in JavaScript
// from their contract ("Map generators" in vectors/README.md) with the
// library's SplitMix64 (ls.createRng): every draw in the documented
// order. Each map block's digest proves the port right before any query
// runs on it.

/** Cells (Uint8Array, row-major) of generator family gen on width x height. */
export function generate(ls, gen, width, height) {
  const W = width;
  const H = height;
  const c = new Uint8Array(W * H);
  const put = (x, y, v) => {
    if (x >= 0 && y >= 0 && x < W && y < H) c[y * W + x] = v;
  };
  const rng = ls.createRng(gen.seed ?? 0n);
  const below = (n) => rng.below(n);
  const p = gen.params;
  try {
    switch (gen.family) {
      case 'empty':
        c.fill(1);
        break;
      case 'random':
        c.fill(1);
        randomObstacles(c, W, H, p.percent, below);
        break;
      case 'maze':
        maze(c, W, H, p.corridor, p.loops, below);
        break;
      case 'rooms':
        rooms(c, W, H, p.room, p.door, p.percent, below);
        break;
      case 'corridors':
        c.fill(1);
        if (p.vertical === 0) {
          for (let y = 1; y < H; y += 2) for (let x = 0; x < W; x++) c[y * W + x] = 0;
          for (let y = 1; y < H; y += 2) for (let g = 0; g < p.gaps; g++) put(below(W), y, 1);
        } else {
          for (let x = 1; x < W; x += 2) for (let y = 0; y < H; y++) c[y * W + x] = 0;
          for (let x = 1; x < W; x += 2) for (let g = 0; g < p.gaps; g++) put(x, below(H), 1);
        }
        break;
      case 'traps':
        c.fill(1);
        for (let y = 0; y < H; y++) {
          for (let x = 0; x < W; x++) {
            if ((x + y) % 2 === 1 && below(100) < p.checker) c[y * W + x] = 0;
          }
        }
        for (let s = 0; s < p.segments; s++) {
          const x0 = below(W);
          const y0 = below(H);
          const dir = below(2);
          const len = 1 + below(p.length);
          for (let t = 0; t < len; t++) put(dir === 0 ? x0 + t : x0 - t, y0 + t, 0);
        }
        for (let d = 0; d < p.dots; d++) {
          const x = below(W);
          const y = below(H);
          put(x, y, 0);
        }
        break;
      case 'terrain':
        c.fill(1);
        for (let n = 0; n < p.patches; n++) {
          const x0 = below(W);
          const y0 = below(H);
          const w = 1 + below(p.size);
          const h = 1 + below(p.size);
          const cost = 1 + below(p.max);
          for (let y = y0; y < Math.min(H, y0 + h); y++) {
            for (let x = x0; x < Math.min(W, x0 + w); x++) c[y * W + x] = cost;
          }
        }
        randomObstacles(c, W, H, p.percent, below);
        break;
      default:
        throw new Error(`unknown map family '${gen.family}'`);
    }
  } finally {
    rng.destroy();
  }
  return c;
}

function randomObstacles(c, W, H, percent, below) {
  for (let i = 0; i < W * H; i++) if (below(100) < percent) c[i] = 0;
}

function maze(c, W, H, K, L, below) {
  const pitch = K + 1;
  const MW = Math.floor((W - 1) / pitch);
  const MH = Math.floor((H - 1) / pitch);
  const open = (x, y) => {
    if (x >= 0 && y >= 0 && x < W && y < H) c[y * W + x] = 1;
  };
  // all blocked (c starts at 0), every maze cell's square opened
  for (let j = 0; j < MH; j++) {
    for (let i = 0; i < MW; i++) {
      for (let dy = 0; dy < K; dy++) for (let dx = 0; dx < K; dx++) open(1 + i * pitch + dx, 1 + j * pitch + dy);
    }
  }
  const wall = (i, j, dir) => {
    const x0 = 1 + i * pitch;
    const y0 = 1 + j * pitch;
    for (let k = 0; k < K; k++) {
      if (dir === 0) open(x0 + k, y0 - 1);
      else if (dir === 1) open(x0 + K, y0 + k);
      else if (dir === 2) open(x0 + k, y0 + K);
      else open(x0 - 1, y0 + k);
    }
  };
  const visited = new Uint8Array(MW * MH);
  const stack = [[0, 0]];
  visited[0] = 1;
  const steps = [[0, -1, 0], [1, 0, 1], [0, 1, 2], [-1, 0, 3]];
  while (stack.length) {
    const [i, j] = stack[stack.length - 1];
    const next = [];
    for (const [dx, dy, dir] of steps) {
      const ni = i + dx;
      const nj = j + dy;
      if (ni >= 0 && nj >= 0 && ni < MW && nj < MH && !visited[nj * MW + ni]) next.push([ni, nj, dir]);
    }
    if (next.length === 0) {
      stack.pop();
      continue;
    }
    const [ni, nj, dir] = next[below(next.length)];
    wall(i, j, dir);
    visited[nj * MW + ni] = 1;
    stack.push([ni, nj]);
  }
  for (let j = 0; j < MH; j++) {
    for (let i = 0; i < MW; i++) {
      if (i + 1 < MW && below(100) < L) wall(i, j, 1);
      if (j + 1 < MH && below(100) < L) wall(i, j, 2);
    }
  }
}

function rooms(c, W, H, R, D, P, below) {
  const q = R + 1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) c[y * W + x] = (x % q === R || y % q === R) ? 0 : 1;
  }
  const RI = Math.floor((W + R) / q);
  const RJ = Math.floor((H + R) / q);
  const door = (len, at) => {
    const d = Math.min(D, len);
    if (below(100) < P) {
      const off = below(len - d + 1);
      for (let k = off; k < off + d; k++) at(k);
    }
  };
  const open = (x, y) => {
    if (x >= 0 && y >= 0 && x < W && y < H) c[y * W + x] = 1;
  };
  for (let j = 0; j < RJ; j++) {
    for (let i = 0; i < RI; i++) {
      if (i + 1 < RI) door(Math.min(R, H - j * q), (k) => open(i * q + R, j * q + k));
      if (j + 1 < RJ) door(Math.min(R, W - i * q), (k) => open(i * q + k, j * q + R));
    }
  }
}

/** FNV-1a 64 over bytes, as 16 hex digits (the map blocks' digest). */
export function fnv1a64(bytes) {
  // 64-bit state as two 32-bit halves; prime = 2^40 + 0x1b3.
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < bytes.length; i++) {
    lo = (lo ^ bytes[i]) >>> 0;
    const loMul = lo * 0x1b3;
    const carry = Math.floor(loMul / 0x100000000);
    const newHi = (hi * 0x1b3 + carry + ((lo << 8) >>> 0)) % 0x100000000;
    lo = loMul >>> 0;
    hi = newHi >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}
