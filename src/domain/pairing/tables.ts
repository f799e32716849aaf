// Table numbers after pairing: table 1 = the highest-scoring pair. With the organizer option
// "avoid same table", table numbers are permuted among pairs of equal score-sum so that as
// few players as possible sit at a table number they already had (exact minimum, per block
// of equal score-sum: a minimum-cost assignment with costs 0, 1 or 2).

/**
 * Minimum-cost assignment of `size` rows to `size` columns, cost(row, col) >= 0 integer.
 * Starts from the identity wherever it is free (cost 0), completes with augmenting paths
 * over free cells (Kuhn), and only if some rows are still unassigned runs the Hungarian
 * algorithm (warm-started: zero potentials are feasible and the free cells are tight),
 * which costs O(size^2) per remaining row. Returns colOfRow.
 */
export function minCostAssignment(size: number, cost: (row: number, col: number) => number): Int32Array {
  const colOfRow = new Int32Array(size).fill(-1);
  const rowOfCol = new Int32Array(size).fill(-1);
  for (let r = 0; r < size; r++) {
    if (cost(r, r) === 0) {
      colOfRow[r] = r;
      rowOfCol[r] = r;
    }
  }
  // Kuhn on zero-cost cells (iterative DFS to keep the stack flat).
  const seen = new Int32Array(size).fill(-1);
  const tryAugment = (root: number): boolean => {
    const rows: number[] = [root];
    const nextCol: number[] = [0];
    const viaCol: number[] = [];
    while (rows.length > 0) {
      const depth = rows.length - 1;
      const r = rows[depth]!;
      let c = nextCol[depth]!;
      let advanced = false;
      for (; c < size; c++) {
        if (seen[c] === root || cost(r, c) !== 0) continue;
        seen[c] = root;
        nextCol[depth] = c + 1;
        const owner = rowOfCol[c]!;
        if (owner === -1) {
          // augment along the stack
          viaCol.push(c);
          for (let d = rows.length - 1; d >= 0; d--) {
            const rr = rows[d]!;
            const cc = viaCol[d]!;
            colOfRow[rr] = cc;
            rowOfCol[cc] = rr;
          }
          return true;
        }
        viaCol.push(c);
        rows.push(owner);
        nextCol.push(0);
        advanced = true;
        break;
      }
      if (!advanced) {
        rows.pop();
        nextCol.pop();
        viaCol.pop();
      }
    }
    return false;
  };
  let missing = 0;
  for (let r = 0; r < size; r++) {
    if (colOfRow[r] === -1 && !tryAugment(r)) missing++;
  }
  if (missing === 0) return colOfRow;

  return completeByHungarian(size, cost, colOfRow, rowOfCol);
}

/**
 * The Hungarian algorithm (1-based arrays) for the rows `colOfRow` leaves at -1, warm-started
 * from the partial zero-cost assignment (zero potentials are feasible, its cells tight).
 */
function completeByHungarian(size: number, cost: (row: number, col: number) => number, colOfRow: Int32Array, rowOfCol: Int32Array): Int32Array {
  const INF = Number.POSITIVE_INFINITY;
  const u = new Float64Array(size + 1);
  const v = new Float64Array(size + 1);
  const p = new Int32Array(size + 1); // p[col] = row (1-based), 0 = free
  const way = new Int32Array(size + 1);
  for (let c = 0; c < size; c++) if (rowOfCol[c] !== -1) p[c + 1] = rowOfCol[c]! + 1;
  const minv = new Float64Array(size + 1);
  const used = new Uint8Array(size + 1);
  for (let r = 0; r < size; r++) {
    if (colOfRow[r] !== -1) continue;
    p[0] = r + 1;
    let j0 = 0;
    minv.fill(INF);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = p[j0]!;
      let delta = INF;
      let j1 = 0;
      for (let j = 1; j <= size; j++) {
        if (used[j]) continue;
        const cur = cost(i0 - 1, j - 1) - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= size; j++) {
        if (used[j]) {
          u[p[j]!] = u[p[j]!]! + delta;
          v[j] = v[j]! - delta;
        } else {
          minv[j] = minv[j]! - delta;
        }
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0 !== 0);
    // refresh colOfRow so later iterations skip rows assigned meanwhile
    colOfRow.fill(-1);
    for (let j = 1; j <= size; j++) if (p[j]! > 0) colOfRow[p[j]! - 1] = j - 1;
  }
  return colOfRow;
}
