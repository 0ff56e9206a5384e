// Per-polygon answers serialised once: a point lookup splices its polygon's cached JSON instead of building and stringifying objects.
import type { LocationInfo } from './location-api.ts';

/** The document's six strings: empty where the data has no value, delivery in the directory's words. */
export function documentLocation(info: LocationInfo) {
  return {
    state: info.state ?? '', district: info.district ?? '', division: info.division ?? '', locality: info.locality ?? '',
    pincode: info.pincode, delivery: info.delivery ? ('Delivery' as const) : ('Non Delivery' as const),
  };
}

export class PolygonAnswers {
  private readonly fragments: Array<string | undefined>;

  /** `locationOf` answers polygon ids 0..count-1; fragments are made on first use. */
  constructor(
    count: number,
    private readonly locationOf: (id: number) => LocationInfo,
  ) {
    this.fragments = new Array<string | undefined>(count);
  }

  /** Answers built elsewhere (another thread's `all()`). */
  static from(fragments: string[]): PolygonAnswers {
    const answers = new PolygonAnswers(fragments.length, () => {
      throw new Error('PolygonAnswers.from holds every fragment');
    });
    fragments.forEach((f, id) => (answers.fragments[id] = f));
    return answers;
  }

  /** `"state":…,"delivery":…` of polygon `id`: the members of documentLocation's JSON object, without braces. */
  fragment(id: number): string {
    let text = this.fragments[id];
    if (text === undefined) {
      text = JSON.stringify(documentLocation(this.locationOf(id))).slice(1, -1);
      this.fragments[id] = text;
    }
    return text;
  }

  /** Every fragment, for handing to worker threads. */
  all(): string[] {
    return Array.from(this.fragments, (_f, id) => this.fragment(id));
  }
}
