// Body bytes held by the requests of one HTTP thread: a bound for all of them and a smaller one per peer, so one
// address cannot take the whole budget and turn every other client's upload into a 503.

export type BudgetAnswer = 'taken' | 'full' | 'peer_full';

export class BodyBudget {
  private used = 0;
  private readonly byPeer = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly perPeer: number,
  ) {}

  /** Takes `bytes`; `peer` is given for bodies that span several chunks (a body read in one callback is never held). */
  take(bytes: number, peer: string | null): BudgetAnswer {
    if (this.used + bytes > this.limit) return 'full';
    // Zero bytes hold nothing: no entry that a release of nothing would never remove.
    if (peer !== null && bytes > 0) {
      const held = this.byPeer.get(peer) ?? 0;
      if (held + bytes > this.perPeer) return 'peer_full';
      this.byPeer.set(peer, held + bytes);
    }
    this.used += bytes;
    return 'taken';
  }

  release(bytes: number, peer: string | null): void {
    this.used -= bytes;
    if (peer === null || bytes === 0) return;
    const left = (this.byPeer.get(peer) ?? 0) - bytes;
    if (left > 0) this.byPeer.set(peer, left);
    else this.byPeer.delete(peer);
  }
}
