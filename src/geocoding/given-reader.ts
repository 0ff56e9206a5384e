// What an address states about where it is besides its place names: the typed pincode, the city or district, the state.
import type { Part } from './address-parser.ts';
import { ADDRESS_WORDS, CITY_FACILITIES, LANDMARK_NOUNS, NUMBERED_PLACE, STATE_CODES } from './address-words.ts';
import { CITY_REGIONS } from './aliases.ts';
import { isKnown, type Given } from './consistency.ts';
import type { Work } from './fuzzy.ts';
import { haversineKm } from './geo-math.ts';
import { compactKey } from './normalise.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import { isCommonName, SIDES, startsWithWords } from './place-grams.ts';
import { inRegion, type Region, type Regions } from './regions.ts';

/** Reads the given pincode, city and state of a parsed address, re-roling the parts that name them. */
export class GivenReader {
  constructor(
    private readonly idx: PlaceIndex,
    private readonly regions: Regions,
  ) {}

  /**
   * The typed pincode, and the narrowest city/district and the state the address names (state field or part, then
   * district, then city field, else a trailing place part naming a city). Parts used as the region are re-roled. A
   * city in another state than the one written is still the city (it is the more specific of the two).
   */
  read(parts: Part[], pincode: string | null, work: Work): Given {
    const typed = pincode === null ? -1 : this.idx.pinOf(pincode);
    const pin = typed >= 0 && Number.isFinite(this.idx.pinLat[typed]!) ? typed : -1;
    let state: Region | null = null;
    for (const p of parts) if (p.role === 'state') state ??= this.regions.state(p.tokens.join(' '), work);
    // A trailing part naming a state ("..., Karnataka", "Dist. Banka, Bihar") is the state.
    const places = parts.filter((p) => p.role === 'place');
    const last = places.length > 0 ? places[places.length - 1] : undefined;
    // "Delhi", "Chandigarh", "Goa" name a state and a city: the city is the narrower reading.
    // Spelt exactly, or a typo away when no place has the name as written ("Patna, Bihaar", "Warangal, Telengana").
    // Alone, a state's name is the state too ("Gujarat" is not the office Gujrat of Hooghly), but not its code ("UP"),
    // nor with a pincode typed: the name is then looked for there ("Andhra 847401" is the village Andhra of Madhubani).
    const lone = pin < 0 && parts.length === 1 && last !== undefined && !STATE_CODES.has(last.tokens.join(''));
    const lastKey = !state && last && (parts.length > 1 || lone) ? last.tokens.join('') : null;
    if (last && lastKey !== null && !this.regions.isCityName(lastKey)) {
      const text = last.tokens.join(' ');
      const s = this.regions.state(text, work, false) ?? this.misspeltState(lastKey, text, work);
      if (s) {
        state = s;
        last.role = 'state';
      }
    }
    let city: Region | null = null;
    for (const role of ['district', 'city'] as const) {
      for (const p of parts) {
        if (p.role !== role) continue;
        const key = p.tokens.join('');
        const r =
          this.regions.city(key, state, work, { districtFirst: role === 'district' }) ??
          (state ? this.exactCity(key, work) : null) ??
          (role === 'district' ? this.districtEnding(p, parts, state, work) : null);
        if (r) city = r;
        // A city field that names no city is usually a locality ("Andheri"): search it as a place.
        else if (role === 'city') p.role = 'place';
      }
    }
    city ??= this.cityInText(parts, state, pin, work) ?? this.cityEndingMarked(parts, state, pin, work);
    // "Sector 17" with the state Chandigarh, "Karol Bagh" with Delhi: a state that is one city is that city.
    const stateKey = !city && state ? compactKey(state.label) : null;
    if (stateKey !== null && this.regions.isCityName(stateKey))
      city = this.regions.city(stateKey, state, work, { typos: false });
    // "Madhapur, Hyderabad" with the city field Hyderabad: the part naming the city is the city, not a place in it.
    for (const p of parts) {
      if (p.role === 'place' && city && p.tokens.join('') === city.key) p.role = 'city';
    }
    return { pin, unknownPin: pincode !== null && typed < 0, city, state };
  }

  /**
   * The metro or state a lone place part names, read only once the search found no place of that name ("Goa",
   * "House 12, Goa": its districts are North and South Goa, and no place is called Goa; "Lakshadweep", a state whose
   * one district has its name). Not any district: "Gandhi Nagar" alone is a locality of many cities as much as
   * Gujarat's capital.
   */
  loneRegion(parts: Part[], work: Work): Region | null {
    const places = parts.filter((p) => p.role === 'place');
    if (places.length !== 1) return null;
    const key = places[0]!.tokens.join('');
    if (CITY_REGIONS.has(key)) return this.regions.city(key, null, work, { typos: false });
    return STATE_CODES.has(key) ? null : this.regions.state(places[0]!.tokens.join(' '), work, false);
  }

  /** A state a typo away from the part when no place has the part's name; never one that is a city ("Chandigrah"). */
  private misspeltState(key: string, text: string, work: Work): Region | null {
    if (key.length < 5 || this.idx.keyIndex(key) >= 0) return null;
    const s = this.regions.state(text, work, true);
    return s && !this.regions.isCityName(compactKey(s.label)) ? s : null;
  }

  /**
   * "Tanuku West Godavari Dist": a district part that names no district may end in one, after a place written
   * without a comma; the place is split off before it. Exact names only: the part's words are tried many ways.
   */
  private districtEnding(part: Part, parts: Part[], state: Region | null, work: Work): Region | null {
    const t = part.tokens;
    for (let n = Math.min(3, t.length - 1); n >= 1; n--) {
      if (t.slice(-n).every((w) => ADDRESS_WORDS.has(w))) continue;
      const r = this.regions.city(t.slice(-n).join(''), state, work, { districtFirst: true, typos: false });
      if (!r || r.level !== 'district') continue;
      // Inserted before the part: read()'s loop meets the part again, now the district's name alone.
      parts.splice(parts.indexOf(part), 0, { role: 'place', tokens: t.slice(0, -n) });
      part.tokens = t.slice(-n);
      return r;
    }
    return null;
  }

  /**
   * "Vill Gohana Sonipat", "PO Nilokheri Karnal": a name after its marker, written without commas, may end in the
   * district or city as a place part does.
   */
  private cityEndingMarked(parts: Part[], state: Region | null, pin: number, work: Work): Region | null {
    const marked = parts.filter((p) => MARKED_ROLES.has(p.role));
    return marked.length === 0 ? null : this.cityEndingAPlace(marked, parts, state, pin, work, false, null);
  }

  /** A city named exactly, in any state. */
  private exactCity(key: string, work: Work): Region | null {
    return this.regions.city(key, null, work, { typos: false });
  }

  /** The last one or two place parts, when they name a city or district and something else is left to search. */
  private cityInText(parts: Part[], state: Region | null, pin: number, work: Work): Region | null {
    const places = parts.filter((p) => p.role === 'place' || p.role === 'street');
    // A lone place part is the city only when something else (a landmark, a building, a village or post office named
    // with its marker: "Village Bhondsi, Gurgaon") is left to search, or a pincode typed with it to check.
    const others = pin >= 0 || parts.some((p) => OTHER_PLACE_ROLES.has(p.role));
    // "Basti", "Basti, UP": a lone name made of address words is never searched; a city of that name is what it is.
    const unsearchable = places.length === 1 && places[0]!.tokens.every((t) => ADDRESS_WORDS.has(t));
    // "Bambai, Andheri", "Dilli, Karol Bagh": the city may come first when a place follows it; a metro or a district
    // is the city before a town that is one of its suburbs (Andheri, Powai).
    let pick: { p: Part; r: Region } | null = null;
    const named: Array<{ p: Part; r: Region }> = [];
    const lone = places.length === 1 && !others && !unsearchable;
    for (let i = places.length - 1; i >= (lone ? 1 : Math.max(0, places.length - 2)); i--) {
      const p = places[i]!;
      // A road is named after the town it leads to ("Pokhran Road 2, Thane West"): before another place, no city.
      if (p.role !== 'place' || (p.road && i < places.length - 1)) continue;
      const key = p.tokens.join('');
      // Over three words, only a district's whole name ("Dadra and Nagar Haveli") is a city's.
      if (p.tokens.length > 3 && !this.regions.isCityName(key)) continue;
      // A typo never adds or drops a number ("Sector 5" is no misspelt town "Sector"), nor turns a well-known place's
      // exact name into a city's ("Koramangala" is no misspelt Kotamangalam): for those no typo is searched.
      const typos = () => key.length >= 6 && !/\d/.test(key) && !unsearchable && !this.namesKnownPlace(key);
      const r = this.regions.city(key, state, work, { typos }) ?? (state ? this.exactCity(key, work) : null);
      // "Vaishali 201010", "Dwarka 110075": a city's name that a locality where the typed pincode lies also has, far
      // from that city, is the locality (Ghaziabad's Vaishali, Delhi's Dwarka), not a city the pincode contradicts.
      if (!r || (pin >= 0 && (this.pincodeLocality(p, r, pin) || (places.length === 1 && this.townOfPincode(r, pin)))))
        continue;
      const found = { p, r: this.sectoredInstead(p.tokens, r, parts) ?? r };
      named.push(found);
      if (this.isMetro(r) && (pick === null || !this.isMetro(pick.r))) pick = found;
      pick ??= found;
    }
    // "Jammu, Gandhi Nagar", "Indore, Vijay Nagar": both parts name a region, far apart (Gandhinagar and Vijaynagar are
    // districts too), so one is a locality's name: the city is the one the other part names a place in. Near ones
    // nest ("Vrindavan, Mathura") and are read as above.
    const other = named.find((n) => n !== pick && !n.r.fuzzy);
    if (
      pick &&
      other &&
      haversineKm(pick.r.lat, pick.r.lon, other.r.lat, other.r.lon) > APART_KM &&
      this.namesPlaceIn(pick.p, other.r) &&
      !this.namesPlaceIn(other.p, pick.r)
    )
      pick = other;
    // "IIT Bombay, Powai": a metro ending another part is the city before a town that is one of its suburbs; so is
    // one naming a landmark ("Hyderabad Airport, Shamshabad").
    if (pick && !this.isMetro(pick.r)) {
      const metro =
        this.cityEndingAPlace(places, parts, state, pin, work, true, pick.p) ??
        this.cityNamingALandmark(parts, state, work);
      if (metro) return metro;
    }
    if (pick) {
      pick.p.role = 'city';
      return pick.r;
    }
    // A metro ending a part, then one starting it, then any town ending it: "Delhi Karol Bagh" is Delhi's Karol Bagh,
    // though GeoNames has a town Karol Bagh.
    const tail =
      this.cityEndingAPlace(places, parts, state, pin, work, true, null) ??
      this.cityBeforeAPlace(parts, work, true) ??
      this.cityEndingAPlace(places, parts, state, pin, work, false, null) ??
      this.cityBeforeAPlace(parts, work, false);
    if (tail) return tail;
    // "near AIIMS Patna": a landmark phrase with no noun to end it may end in the city, as a place part does.
    const last = parts[parts.length - 1];
    const ending =
      last?.role === 'landmark' && last.tokens.length >= 3 ? this.cityAtEnd(last, parts, state, pin, work) : null;
    return ending ?? this.cityNamingALandmark(parts, state, work);
  }

  /**
   * "Chandigarh Sec 17", "Pune Kothrud", "Delhi Karol Bagh": a metro or district (with `metroOnly`; else any city:
   * "Guwahati Paltan Bazar") written before a numbered place, before a locality or office of its own, or before a
   * name any town has ("Prayagraj Civil Lines"), in one part is its city; it is split off as cityAtEnd does ("Noida
   * Sector 18", "Mumbai Central", names of their own, stay whole).
   */
  private cityBeforeAPlace(parts: Part[], work: Work, metroOnly: boolean): Region | null {
    for (const p of parts) {
      if (p.role !== 'place' || p.tokens.length < 2 || this.idx.keyIndex(p.tokens.join('')) >= 0) continue;
      for (let n = Math.min(2, p.tokens.length - 1); n >= 1; n--) {
        const rest = p.tokens.slice(n);
        const numbered = NUMBERED_PLACE.has(rest[0]!) && /^\d/.test(rest[1] ?? '');
        if (!numbered && rest.every((t) => ADDRESS_WORDS.has(t))) continue;
        const key = p.tokens.slice(0, n).join('');
        const r = metroOnly ? this.metroNamed(key, null, work) : this.regions.city(key, null, work, { typos: false });
        if (!r) continue;
        if (!numbered && !isCommonName(rest.join('')) && !this.namesPlaceIn({ role: 'place', tokens: rest }, r))
          continue;
        const city = p.tokens.slice(0, n);
        parts.splice(parts.indexOf(p), 0, { role: 'city', tokens: city });
        p.tokens = rest;
        // "Dwarka Sector 22": the township naming its places "<name> Sector …", not a namesake town without sectors.
        return (numbered ? this.sectoredInstead(city, r, parts) : null) ?? r;
      }
    }
    return null;
  }

  /**
   * "Hyderabad Airport, Shamshabad", "Mumbai Airport Terminal 2, Sahar": a metro or district whose name a landmark
   * noun follows names the landmark's city, which another part lies in, or the landmark itself when the noun is a
   * facility the city has one of ("Bangalore Airport"). The part stays whole (the city's name in it names nothing finer).
   */
  private cityNamingALandmark(parts: Part[], state: Region | null, work: Work): Region | null {
    const named = parts.filter((p) => p.role === 'place' || p.role === 'landmark');
    for (const p of named) {
      // "Chennai Airport", "Delhi University" are places of their own, found by name.
      if (p.tokens.length < 2 || this.idx.keyIndex(p.tokens.join('')) >= 0) continue;
      for (let n = Math.min(2, p.tokens.length - 1); n >= 1; n--) {
        // Alone, only a facility the city has one of ("Bangalore Airport") leaves something to place in it.
        const noun = p.tokens[n]!;
        if (!LANDMARK_NOUNS.has(noun) || (named.length < 2 && !CITY_FACILITIES.has(noun))) continue;
        const r = this.regions.city(p.tokens.slice(0, n).join(''), state, work, { typos: false });
        if (r && this.isMetro(r)) return r;
      }
    }
    return null;
  }

  /**
   * "Sector 7, Dwarka", "Sector 22 Dwarka": beside a numbered sector, a name is the township whose places are named
   * "<name> Sector …" (Delhi's Dwarka), not a namesake town without sectors (Gujarat's Dwarka); the sector is then
   * searched as the township names its places ("Dwarka Sector 7"). Null when the region read holds them, or no
   * sector part is written.
   */
  private sectoredInstead(name: string[], r: Region, parts: Part[]): Region | null {
    const sector = parts.find((p) => SECTOR_WORDS.has(p.tokens[0] ?? '') && /^\d/.test(p.tokens[1] ?? ''));
    if (!sector) return null;
    const idx = this.idx;
    const key = name.join('');
    // One range holds both spellings ("dwarkasec6", "dwarkasector10"); a number must follow ("Secretariat" is none).
    const [lo, hi] = idx.keyRange(`${key}sec`);
    for (let k = lo; k < Math.min(hi, lo + PLACE_KEYS); k++) {
      if (!SECTOR_KEY.test(idx.keys[k]!.slice(key.length))) continue;
      for (let j = idx.keyAt[k]!; j < Math.min(idx.keyAt[k + 1]!, idx.keyAt[k]! + PLACE_KEYS); j++) {
        const id = idx.keyEnt[j]!;
        if (idx.kind[id] !== KIND.locality && idx.kind[id] !== KIND.office) continue;
        if (inRegion(idx, id, r) > 0) return null;
        const district = idx.pin[id]! >= 0 ? this.regions.pinDistrict(idx.pin[id]!) : null;
        if (!district) continue;
        sector.tokens = [...name, ...sector.tokens];
        return district;
      }
    }
    return null;
  }

  /**
   * "Powai 400050": a town alone with a pincode of its own district is a place to check against the pincode, as a
   * locality is (Powai is 400076), not a city that holds it and so checks nothing.
   */
  private townOfPincode(r: Region, pin: number): boolean {
    return r.spanKm !== null && r.areas !== null && r.areas.has(this.idx.pinArea[pin]!);
  }

  /** True when `part` names a place of pincode `pin`'s district, which lies far from region `r`. */
  private pincodeLocality(part: Part, r: Region, pin: number): boolean {
    const district = this.regions.pinDistrict(pin);
    if (!district || r.areas?.has(district.areas!.values().next().value!)) return false;
    return haversineKm(r.lat, r.lon, district.lat, district.lon) > APART_KM && this.namesPlaceIn(part, district);
  }

  /**
   * True when the part's text is a locality or office of the region (not a town: "Hyderabad" names the city, not a
   * place of Kukatpally's), or the start of one's name at a word.
   */
  private namesPlaceIn(part: Part, region: Region): boolean {
    const tokens = part.tokens;
    // "Andheri West": a side of a place the directory names whole ("Andheri").
    const sided = tokens.length > 1 && SIDES.has(tokens[tokens.length - 1]!);
    return this.namesKeyIn(tokens.join(''), region) || (sided && this.namesKeyIn(tokens.slice(0, -1).join(''), region));
  }

  private namesKeyIn(key: string, region: Region): boolean {
    const idx = this.idx;
    const [lo, hi] = idx.keyRange(key);
    for (let k = lo; k < Math.min(hi, lo + PLACE_KEYS); k++) {
      const exact = idx.keys[k] === key;
      for (let j = idx.keyAt[k]!; j < Math.min(idx.keyAt[k + 1]!, idx.keyAt[k]! + PLACE_KEYS); j++) {
        const id = idx.keyEnt[j]!;
        const kind = idx.kind[id]!;
        if ((kind !== KIND.locality && kind !== KIND.office) || !(exact || startsWithWords(idx, id, key))) continue;
        if (inRegion(idx, id, region) > 0) return true;
      }
    }
    return false;
  }

  /** True when `key` is the exact name of a well-known locality or office (consistency.ts isKnown). */
  private namesKnownPlace(key: string): boolean {
    const idx = this.idx;
    const k = idx.keyIndex(key);
    if (k < 0) return false;
    for (let j = idx.keyAt[k]!; j < Math.min(idx.keyAt[k + 1]!, idx.keyAt[k]! + PLACE_KEYS); j++) {
      const id = idx.keyEnt[j]!;
      if ((idx.kind[id] === KIND.locality || idx.kind[id] === KIND.office) && isKnown(idx, id)) return true;
    }
    return false;
  }

  /**
   * The metro or district `key` names exactly, by any of its names ("Allahabad" is Prayagraj's), or null. No typo
   * search: a part's words are tried many ways.
   */
  private metroNamed(key: string, state: Region | null, work: Work): Region | null {
    const r = this.regions.city(key, state, work, { typos: false });
    return r && this.isMetro(r) ? r : null;
  }

  /** A metro or a district: the city before a town that is one of its suburbs. */
  private isMetro(r: Region): boolean {
    return this.regions.isCityName(r.key) || r.level === 'district';
  }

  /** The city that ends one of `places` (the last first, `skip` left alone), split off it as cityAtEnd does. */
  private cityEndingAPlace(
    places: Part[],
    parts: Part[],
    state: Region | null,
    pin: number,
    work: Work,
    metroOnly: boolean,
    skip: Part | null,
  ): Region | null {
    for (let i = places.length - 1; i >= 0; i--) {
      const r = places[i] === skip ? null : this.cityAtEnd(places[i], parts, state, pin, work, metroOnly);
      if (r) return r;
    }
    return null;
  }

  /**
   * True when a part's first words name a metro far from the region its last words name, and those last words a place
   * in that metro: "Indore Vijay Nagar" is Indore's Vijay Nagar, not a place of the district Vijaynagar (Karnataka).
   */
  private cityFirstInstead(first: string[], last: string[], ending: Region, work: Work): boolean {
    if (first.length > 2) return false;
    const r = this.metroNamed(first.join(''), null, work);
    return (
      r !== null &&
      haversineKm(r.lat, r.lon, ending.lat, ending.lon) > APART_KM &&
      this.namesPlaceIn({ role: 'place', tokens: last }, r)
    );
  }

  /**
   * "Kankarbagh Patna", "Malad West Mumbai": an address written without commas ends in its city. The last one or two
   * words of a place, landmark or marked part ("Vill Gohana Sonipat"), when they name a city exactly (with
   * `metroOnly`, a metro or a district), become a city part; the rest stays.
   */
  private cityAtEnd(
    part: Part | undefined,
    parts: Part[],
    state: Region | null,
    pin: number,
    work: Work,
    metroOnly = false,
  ): Region | null {
    if (!part || !(part.role === 'place' || part.role === 'landmark' || MARKED_ROLES.has(part.role))) return null;
    if (part.tokens.length < 2) return null;
    const whole = part.tokens.join('');
    if (this.idx.keyIndex(whole) >= 0) return null;
    for (let n = Math.min(2, part.tokens.length - 1); n >= 1; n--) {
      // "Nagar", "East", "Colony" end names; a district called East (Delhi, Sikkim) is written "East Delhi".
      if (part.tokens.slice(-n).every((t) => ADDRESS_WORDS.has(t))) continue;
      const key = part.tokens.slice(-n).join('');
      const r = metroOnly ? this.metroNamed(key, state, work) : this.regions.city(key, state, work, { typos: false });
      if (!r || this.cityFirstInstead(part.tokens.slice(0, -n), part.tokens.slice(-n), r, work)) continue;
      if (pin >= 0 && this.pincodeLocality({ role: 'place', tokens: part.tokens.slice(-n) }, r, pin)) continue;
      // "Navi Mumbai", "Karol Bagh", "Bodh Gaya": a name of its own does not end in a city (asked only now: a search).
      if (this.regions.city(whole, state, work)) return null;
      const city: Part = { role: 'city', tokens: part.tokens.slice(-n) };
      part.tokens = part.tokens.slice(0, -n);
      parts.splice(parts.indexOf(part) + 1, 0, city);
      return this.sectoredInstead(city.tokens, r, parts) ?? r;
    }
    return null;
  }
}

/** Parts besides place parts that name something to search inside a city. */
const OTHER_PLACE_ROLES: ReadonlySet<string> = new Set(['landmark', 'building', 'village', 'post']);
/** Parts named after a marker word ("Vill", "PO", "Teh"). */
const MARKED_ROLES: ReadonlySet<string> = new Set(['village', 'post', 'subdistrict']);
/** Two regions farther apart than this cannot both be where the address is (a town and its district are nearer). */
const APART_KM = 100;
/** How a numbered sector is written, and how a township's places name theirs ("Dwarka Sector 8", "Nerul Sec 48"). */
const SECTOR_WORDS: ReadonlySet<string> = new Set(['sector', 'sec']);
/** What follows a township's name in its sectored places' keys ("sec6", "sector10"). */
const SECTOR_KEY = /^sec(?:tor)?\d/;
/** Keys and entries per key namesPlaceIn looks at. */
const PLACE_KEYS = 64;
