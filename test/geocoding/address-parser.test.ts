// Parsing Indian addresses into typed parts.
import { describe, expect, it } from 'vitest';
import { componentsOf, MAX_PARTS, MAX_PART_WORDS, parseAddress } from '../../src/geocoding/address-parser.ts';

const roles = (address: string) => parseAddress(address).parts.map((p) => `${p.role}:${p.tokens.join(' ')}`);

describe('parseAddress', () => {
  it('separates house numbers, buildings, streets, places and landmarks', () => {
    expect(roles('Flat 402, Sai Krupa Apartments, 3rd Cross Road, Vashi Sector 17, near Inorbit Mall')).toEqual([
      'house:flat 402',
      'building:sai krupa apartments',
      'street:3rd cross road',
      'place:vashi sector 17',
      'landmark:near inorbit mall',
    ]);
    // A numbered street ("Road No. 14") names no place: it goes with the house numbers.
    expect(roles('H.No. 8-2-293, Road No 14, Banjara Hills')).toEqual([
      'house:h no 8 2 293',
      'house:road no 14',
      'place:banjara hills',
    ]);
    expect(roles('Plot 45, Banjara Hills Road No 12, Hyderabad')).toEqual([
      'house:plot 45',
      'place:banjara hills',
      'place:hyderabad',
    ]);
    // Its name is marked as a road's: often the town the road leads to ("Pokhran Road 2" in Thane).
    const road = (address: string) => parseAddress(address).parts.map((p) => p.road === true);
    expect(road('Plot 45, Banjara Hills Road No 12, Hyderabad')).toEqual([false, true, false]);
    expect(road('Pokhran Road 2, Thane West')).toEqual([true, false]);
    expect(road('Agra Road, Kalyan')).toEqual([false, false]);
  });

  it('takes five or seven digits ending the address for a mistyped pincode, and no other number', () => {
    expect(parseAddress('Bengaluru 5600034')).toMatchObject({ pincode: '5600034', parts: [{ tokens: ['bengaluru'] }] });
    expect(parseAddress('Koramangala, 56003').pincode).toBe('56003');
    expect(parseAddress('Koramangala, Bengaluru 560034').pincode).toBe('560034');
    // A house or plot number is not where a pincode goes.
    expect(parseAddress('House 12345, MG Road, Bengaluru').pincode).toBeNull();
    expect(parseAddress('Plot 1234567 Koramangala').pincode).toBeNull();
  });

  it('reads a word written twice running once, but not a number or an initial', () => {
    expect(roles('Mumbai Mumbai Andheri West')).toEqual(['place:mumbai andheri west']);
    // Initials and short words stay ("R R Nagar" is RR Nagar, "Ram Ram Nagar" a name).
    expect(roles('R R Nagar, Bangalore')).toEqual(['place:rr nagar', 'place:bengaluru']);
    expect(roles('Ram Ram Nagar')).toEqual(['place:ram ram nagar']);
  });

  it('cuts a landmark written without commas at its noun, and keeps the place after it', () => {
    expect(roles('near durga mandir kankarbagh patna')).toEqual([
      'landmark:near durga mandir',
      'place:kankarbagh patna',
    ]);
    expect(roles('opp axis bank malad (w) mumbai')).toEqual(['landmark:opposite axis bank', 'place:malad west mumbai']);
    expect(roles('c21 mall ke paas vijay nagar indore')).toEqual(['landmark:c21 mall', 'place:vijay nagar indore']);
    expect(roles('near city centre salt lake')).toEqual(['landmark:near city centre', 'place:salt lake']);
    // Nouns in a row are one landmark's: the place starts after the last.
    expect(roles('near gupta medical store sector 14')).toEqual([
      'landmark:near gupta medical store',
      'place:sector 14',
    ]);
    // No landmark noun: the phrase is kept whole (it may be the landmark's name) and its tail is searched as a place too.
    expect(roles('near zero mile sitabuldi nagpur')).toEqual([
      'landmark:near zero mile sitabuldi nagpur',
      'place:mile sitabuldi nagpur',
    ]);
  });

  it("ends a building's name written without commas at its noun, when a place's name follows", () => {
    expect(roles('B-404 Chennai Towers Koramangala Bengaluru')).toEqual([
      'building:chennai towers',
      'place:koramangala bengaluru',
    ]);
    expect(roles('Model Town Apartments Pitampura')).toEqual(['building:model town apartments', 'place:pitampura']);
    expect(roles('Navrangpura Flats, Paldi')).toEqual(['building:navrangpura flats', 'place:paldi']);
    // Only address words after the noun: one part, as before.
    expect(roles('Residency Road, Bengaluru')).toEqual(['street:residency road', 'place:bengaluru']);
    expect(roles('Mysore Palace Road')).toEqual(['street:mysuru palace road']);
  });

  it('reads the sides of a suburb written after it: W, (W), Est, Pashchim, Purva', () => {
    expect(roles('borivali pashchim')).toEqual(['place:borivali west']);
    expect(roles('Ghatkopar Purva')).toEqual(['place:ghatkopar east']);
    expect(roles('Goregaon Est')).toEqual(['place:goregaon east']);
    expect(roles('andheri w mumbai')).toEqual(['place:andheri west mumbai']);
    // A slip of east or west, its first letter kept ("Andheri Eest" was the town Andheri, not its East).
    expect(roles('Andheri Eest, Bandra Wset, Malad Esat')).toEqual([
      'place:andheri east',
      'place:bandra west',
      'place:malad east',
    ]);
    // Not a side: a block letter, the first word of a name ("Paschim Vihar"), a word a slip from a side ("Best").
    expect(roles('Paschim Vihar')).toEqual(['place:paschim vihar']);
    expect(roles('Block E, Sector 5')).toEqual(['place:block e', 'place:sector 5']);
    expect(roles('Colaba Best')).toEqual(['place:colaba best']);
  });

  it('reads all-caps rural postal addresses: Vill, P.O., P.S., Teh., Distt., Ta., At/Po, and a trailing state', () => {
    expect(roles('VILL & PO KHARKHODA DIST SONIPAT HARYANA')).toEqual([
      'post:kharkhoda',
      'district:sonipat',
      'state:haryana',
    ]);
    expect(roles('VPO GOHANA TEH GOHANA DISTT SONIPAT')).toEqual([
      'post:gohana',
      'subdistrict:gohana',
      'district:sonipat',
    ]);
    expect(roles('AT PO PUNSARI TA TALOD DIST SABARKANTHA GUJ')).toEqual([
      'post:punsari',
      'subdistrict:talod',
      'district:sabarkantha',
      'state:guj',
    ]);
    expect(roles('VILL+PO BIHTA PS BIHTA DIST PATNA')).toEqual(['post:bihta', 'place:bihta', 'district:patna']);
    // After unmarked words, as Kerala writes it, PO ends the office's name; after a marked part it starts one.
    expect(roles('Chirayil House Vaikom PO Kottayam')).toEqual(['post:chirayil house vaikom', 'place:kottayam']);
    expect(roles('Angamaly P.O.')).toEqual(['post:angamaly']);
    expect(roles('Vill Rampur PO Bhadra')).toEqual(['village:rampur', 'post:bhadra']);
    expect(roles('Kottayam Post Office')).toEqual(['place:kottayam post office']);
    // The south's Tk, Taluk, Mandal and Dt follow their name even mid-text; District may start one there.
    expect(roles('Mettupalayam Tk Coimbatore Dt')).toEqual(['subdistrict:mettupalayam', 'district:coimbatore']);
    expect(roles('Kodad Mandal Suryapet')).toEqual(['subdistrict:kodad', 'place:suryapet']);
    expect(roles('Dt Hardoi')).toEqual(['district:hardoi']);
    expect(roles('Rampur District Hardoi')).toEqual(['place:rampur', 'district:hardoi']);
    expect(roles('andheri east mumbai maharashtra india')).toEqual(['place:andheri east mumbai', 'state:maharashtra']);
    // A two-letter state code ends a place part too, unless it is an English word ("or", "as", "an").
    expect(roles('plot no 45 sec 21 gurgaon hr')).toEqual(['place:sector 21 gurugram', 'state:hr']);
    expect(roles('B-12 sector 50 noida up')).toEqual(['place:sector 50 noida', 'state:up']);
    expect(roles('Bhagwanpur or')).toEqual(['place:bhagwanpur or']);
    expect(roles('Rampur as')).toEqual(['place:rampur as']);
    // A state that is one city ends a part as that city, the place before it left to find.
    expect(roles('Shanti Apartments Sector 22 Chandigarh')).toEqual([
      'building:shanti apartments',
      'place:sector 22',
      'place:chandigarh',
    ]);
    expect(roles('Pitampura Delhi')).toEqual(['place:pitampura', 'place:delhi']);
    // The word before it is the city's or district's own ("New Delhi", "North Goa"), not left on the place.
    expect(roles('rk puram new delhi')).toEqual(['place:rk puram', 'place:new delhi']);
    expect(roles('Mapusa North Goa')).toEqual(['place:mapusa', 'place:north goa']);
    // A cantonment is searched as itself, its town's name after it as the town.
    expect(roles('Sadar Bazar, Agra Cantt')).toEqual(['place:sadar bazar', 'place:agra cantonment', 'place:agra']);
  });

  it('reads a landmark noun straight after "near" as the start of a name when a name word follows', () => {
    expect(roles('near Park Street metro, Kolkata')).toEqual([
      'landmark:near park street metro',
      'place:street metro',
      'place:kolkata',
    ]);
    expect(roles('near Market Yard, Pune')).toEqual(['landmark:near market yard', 'place:pune']);
    // Alone, or before another noun, it is the landmark ("near the park", "near the petrol pump").
    expect(roles('near Park, Sector 5')).toEqual(['landmark:near park', 'place:sector 5']);
    expect(roles('near Petrol Pump Sector 14')).toEqual(['landmark:near petrol pump', 'place:sector 14']);
  });

  it('leaves out the addressee named after C/O, S/O, W/O, D/O, H/O or "care of"', () => {
    expect(roles('S/O Mohan Nagar, Raj Nagar, Ghaziabad')).toEqual(['place:raj nagar', 'place:ghaziabad']);
    expect(roles('C/O Ramesh Kumar, Ward 5, Sitamarhi')).toEqual(['house:ward 5', 'place:sitamarhi']);
    expect(roles('S/O: Ram Singh, VPO Kharkhoda, Sonipat')).toEqual(['post:kharkhoda', 'place:sonipat']);
    expect(roles('Care of Mr Verma, Lalpur, Ranchi')).toEqual(['place:lalpur', 'place:ranchi']);
    // Alone, or going on past a name's length (an address without commas), the piece is kept.
    expect(roles('S/O Mohan Nagar')).toEqual(['place:so mohan nagar']);
    expect(roles('C/O Ramesh Kumar H No 12 Sitamarhi, Bihar')).toEqual([
      'place:co ramesh kumar sitamarhi',
      'place:bihar',
    ]);
    // "So" not written as a relation is a word.
    expect(roles('So Vihar, Delhi')).toEqual(['place:so vihar', 'place:delhi']);
  });

  it('drops the country ending an address, but not a name "of India"', () => {
    expect(roles('Koramangala, Bengaluru, India')).toEqual(['place:koramangala', 'place:bengaluru']);
    expect(roles('Koramangala Bengaluru India')).toEqual(['place:koramangala bengaluru']);
    expect(roles('Gateway of India, Colaba, India')).toEqual(['place:gateway of india', 'place:colaba']);
    expect(roles('near Gateway of India, Mumbai, India')).toEqual(['landmark:near gateway of india', 'place:mumbai']);
  });

  it('reads a postal district number after a city as its pincode ("Chennai-18", "Kol-20")', () => {
    expect(parseAddress('No 8, TTK Rd, Alwarpet, Chennai-18').pincode).toBe('600018');
    expect(parseAddress('Flat 2B, 12 Sarat Bose Rd, Kol-20').pincode).toBe('700020');
    expect(parseAddress('gali no 5 laxmi nagar delhi 92').pincode).toBe('110092');
    expect(parseAddress('Sector 5, Rohini').pincode).toBeNull();
    // Towns beyond the metros number their offices so too, and old names count ("Mysuru-17", "Baroda 20").
    expect(parseAddress('#45, 2nd Main, Vijayanagar, Mysuru-17').pincode).toBe('570017');
    expect(parseAddress('Akota, Baroda 20').pincode).toBe('390020');
    expect(parseAddress('TC 12/345, Pattom, Thiruvananthapuram-4').pincode).toBe('695004');
  });

  it('transliterates Indic scripts', () => {
    expect(roles('लाजपत नगर, दिल्ली')).toEqual(['place:lajpat nagar', 'place:delhi']);
    expect(roles('कंकड़बाग, पटना')).toEqual(['place:kankadbag', 'place:patna']);
    // नगर closing a compound keeps its vowels, as when written apart; the word before it loses its own.
    expect(roles('गांधीनगर, शांतिनगर, इंदिरानगर')).toEqual([
      'place:gandhinagar',
      'place:shantinagar',
      'place:indiranagar',
    ]);
    expect(roles('संतनगर, राजनगर, नगर')).toEqual(['place:santnagar', 'place:rajnagar', 'place:nagar']);
    // Where the script keeps a closing vowel, English still writes "nagar": ಜಯನಗರ, a நகர being typed.
    expect(roles('ಜಯನಗರ, ರಾಜಾಜಿನಗರ, அண்ணா நகர')).toEqual(['place:jayanagar', 'place:rajajinagar', 'place:anna nagar']);
    expect(roles('અમદાવાદ')).toEqual(['place:ahmedabad']);
    expect(roles('மயிலாப்பூர், சென்னை')).toEqual(['place:mayilappur', 'place:chennai']);
    // Tamil's one letter per stop, spelt as English spells it beside a nasal, between vowels, doubled or first.
    expect(roles('கோடம்பாக்கம், அடையார், மதுரை')).toEqual(['place:kodambakkam', 'place:adaiyar', 'place:madurai']);
    expect(roles('அம்பத்தூர், தஞ்சாவூர், கோயம்புத்தூர்')).toEqual(['place:ambattur', 'place:thanjavur', 'place:koyambuttur']);
    // Malayalam's ട is d between vowels or ending a word, tt doubled; its chillu letters end a word; റ്റ is tt.
    expect(roles('ഇടപ്പള്ളി, കാക്കനാട്, കോട്ടയം')).toEqual(['place:idappalli', 'place:kakkanad', 'place:kottayam']);
    expect(roles('കലൂർ, വൈറ്റില')).toEqual(['place:kalur', 'place:vaittila']);
    // English words in Devanagari: the sides, and the words around a place, as a buyer reads them out.
    expect(roles('बांद्रा वेस्ट, मुंबई')).toEqual(['place:bandra west', 'place:mumbai']);
    expect(roles('पटना जंक्शन')).toEqual(['place:patna junction']);
    expect(roles('अरेरा कालोनी, भोपाल')).toEqual(['place:arera colony', 'place:bhopal']);
    expect(roles('बंजारा हिल्स, हैदराबाद')).toEqual(['place:banjara hills', 'place:haidrabad']);
    // Candrabindu nasalises like anusvara (it came out "~" and split the word: "ga dhi nagar").
    expect(roles('गाँधी नगर, झाँसी')).toEqual(['place:gandhi nagar', 'place:jhansi']);
    expect(roles('সাঁতরাগাছি')).toEqual(['place:santaragachi']);
    // Bengali's য is said j (not after a consonant, not with a nukta: য় is y); English words, in either script.
    expect(roles('যোধপুর পার্ক, গড়িয়াহাট')).toEqual(['place:jodhpur park', 'place:gadiyahat']);
    expect(roles('নিউ টাউন, न्यू टाउन')).toEqual(['place:new town', 'place:new town']);
    // English initials spelt by their letters' names, in one word or apart before an address word; Hindi words stay.
    expect(roles('एमजी रोड, एचएसआर लेआउट, कानपुर यूपी')).toEqual([
      'street:mahatma gandhi road',
      'place:hsr layout',
      'place:kanpur',
      'state:up',
    ]);
    expect(roles('के के नगर, गांधी जी के पास')).toEqual(['place:kk nagar', 'landmark:gandhi ji']);
    // Odia's ୱ (wa), which the romaniser leaves raw.
    expect(roles('ଭୁବନେଶ୍ୱର')).toEqual(['place:bhubneshvar']);
  });

  it('reads village, post office, tehsil and district markers, Hindi ones too', () => {
    expect(roles('Vill Rampur Post Shahabad, Tehsil Sadar, Zila Hardoi')).toEqual([
      'village:rampur',
      'post:shahabad',
      'subdistrict:sadar',
      'district:hardoi',
    ]);
    expect(roles('Hanuman Mandir ke paas, Karol Bagh')).toEqual(['landmark:hanuman mandir', 'place:karol bagh']);
  });

  it('takes the pincode from the text and the city and state from their fields', () => {
    const p = parseAddress('12 MG Road 560 001', 'Bangalore', 'KA');
    expect(p.pincode).toBe('560001');
    expect(componentsOf(p.parts, p.pincode)).toMatchObject({
      street: 'mahatma gandhi road',
      city: 'bengaluru',
      state: 'ka',
      pincode: '560001',
    });
  });

  it('reports a house number written before a street or building as the house, without searching it', () => {
    const house = (address: string) => {
      const p = parseAddress(address);
      return componentsOf(p.parts, p.pincode).house;
    };
    expect(house('12 Park Street, Kolkata')).toBe('12');
    expect(house('Flat 12 Sai Residency, Baner, Pune')).toBe('flat 12');
    // A house piece of its own still wins; a number inside a name ("Sector 18") or none is no house.
    expect(house('B-45, 12 Park Street, Kolkata')).toBe('b 45');
    expect(house('Sector 18, Noida')).toBeNull();
    expect(house('Kankarbagh, Patna')).toBeNull();
    // The searched words are the same with or without it.
    expect(roles('12 Park Street, Kolkata')).toEqual(roles('Park Street, Kolkata'));
  });

  it('caps parts and words, so a hostile address costs bounded work', () => {
    const p = parseAddress(`${'a b c d e f g h i j k l m n o p, '.repeat(40)}`);
    expect(p.parts.length).toBeLessThanOrEqual(MAX_PARTS);
    for (const part of p.parts) expect(part.tokens.length).toBeLessThanOrEqual(MAX_PART_WORDS);
  });

  it('keeps a number between a name and its part\'s word ("Banashankari III Stage"), not a house number', () => {
    expect(roles('Banashankari III Stage')).toEqual(['place:banashankari 3 stage']);
    // An ordinal before a part's word is its plain number, as the directory writes it ("III Stage", "VI Bk").
    expect(roles('Banashankari 3rd Stage')).toEqual(['place:banashankari 3 stage']);
    expect(roles('4th cross, 5th main')).toEqual(['street:4th cross', 'street:5th main']);
    expect(roles('Kothi 55 Sector 8, Panchkula')).toEqual(['place:kothi sector 8', 'place:panchkula']);
  });

  it('ends a landmark at a Hindi landmark noun ("Ghanta Ghar", "Thana")', () => {
    expect(roles('near ghanta ghar jodhpur')).toEqual(['landmark:near ghanta ghar', 'place:jodhpur']);
    expect(roles('opp thana, kotwali')).toEqual(['landmark:opposite thana', 'place:kotwali']);
  });

  it('keeps the last words of a long piece written without commas: the locality and city, not the street', () => {
    const p = parseAddress('4th cross 5th main hal 2nd stage indiranagar bengaluru');
    expect(p.parts).toHaveLength(1);
    expect(p.parts[0]!.tokens.slice(-2)).toEqual(['indiranagar', 'bengaluru']);
    expect(p.parts[0]!.tokens).toHaveLength(MAX_PART_WORDS);
    // The house number before the dropped words is still the house.
    const q = parseAddress('h no 45 4th cross 5th main hal 2nd stage indiranagar bengaluru');
    expect(componentsOf(q.parts, q.pincode).house).toBe('h no 45');
  });
});
