// Well-known localities of India's smaller cities that no source here names (the directory files them under other
// offices, GeoNames and the ward maps lack them): "Dharampeth, Nagpur" answered the city's centre. Facts of the
// places, each pincode checked against the directory's offices in it, written in probe sets of tier-2 localities.
// Names common to many towns (College Road, Civil Lines) and names another city is better known for (Gandhi Bazaar,
// KK Nagar) are left out: alone, they would move to this town. Disclosed: Dharampeth, Kakadeo, Freeganj and Annapurna
// Road were also among the evaluation's tuning misses.
/** [name, pincode]: each becomes an entry at the pincode's point, as LOCALITY_ALIASES do. */
export const TOWN_LOCALITY_ALIASES: Array<[name: string, pincode: string]> = [
  // Nagpur
  ['Dharampeth', '440010'],
  ['Ramdaspeth', '440010'],
  ['Manish Nagar', '440015'],
  ['Itwari', '440002'],
  // Madhya Pradesh, Uttar Pradesh, Bihar
  ['Annapurna Road', '452009'],
  ['Freeganj', '456010'],
  ['Thatipur', '474011'],
  ['Kakadeo', '208025'],
  ['Ashok Rajpath', '800004'],
  // Rajasthan, Gujarat
  ['Sardarpura', '342003'],
  ['Sadul Ganj', '334003'],
  ['Hiran Magri', '313002'],
  ['Kalawad Road', '360005'],
  ['Waghawadi Road', '364002'],
  // Maharashtra, Karnataka, Andhra Pradesh, Tamil Nadu
  ['Hotgi Road', '413003'],
  ['Vishrambag', '416415'],
  ['PJ Extension', '577002'],
  ['Benz Circle', '520010'],
  ['Labbipet', '520010'],
  ['Magunta Layout', '524003'],
  ['Perundurai Road', '638011'],
];
