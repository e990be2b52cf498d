/** Disjoint sets over 0…n-1 with path halving and union by size. */
export class UnionFind {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;

  constructor(n: number) {
    this.parent = new Int32Array(n);
    this.size = new Int32Array(n).fill(1);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }

  find(i: number): number {
    let x = i;
    for (;;) {
      const p = this.parent[x] ?? x;
      if (p === x) return x;
      const gp = this.parent[p] ?? p;
      this.parent[x] = gp;
      x = gp;
    }
  }

  /** Joins the sets of `a` and `b`; false when they were one set already. */
  union(a: number, b: number): boolean {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return false;
    if ((this.size[ra] ?? 0) < (this.size[rb] ?? 0)) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.size[ra] = (this.size[ra] ?? 0) + (this.size[rb] ?? 0);
    return true;
  }
}
