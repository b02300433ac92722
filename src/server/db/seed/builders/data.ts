/** Word lists for believable commercial HVAC customers in the Atlanta metro and nearby markets. */
export const CITIES = [
  { city: 'Atlanta', state: 'GA', zip: '30303', lat: 33.749, lng: -84.388 },
  { city: 'Marietta', state: 'GA', zip: '30060', lat: 33.9526, lng: -84.5499 },
  { city: 'Decatur', state: 'GA', zip: '30030', lat: 33.7748, lng: -84.2963 },
  { city: 'Sandy Springs', state: 'GA', zip: '30328', lat: 33.9304, lng: -84.3733 },
  { city: 'Roswell', state: 'GA', zip: '30075', lat: 34.0232, lng: -84.3616 },
  { city: 'Alpharetta', state: 'GA', zip: '30009', lat: 34.0754, lng: -84.2941 },
  { city: 'Smyrna', state: 'GA', zip: '30080', lat: 33.884, lng: -84.5144 },
  { city: 'Kennesaw', state: 'GA', zip: '30144', lat: 34.0234, lng: -84.6155 },
  { city: 'Duluth', state: 'GA', zip: '30096', lat: 34.0029, lng: -84.1446 },
  { city: 'Lawrenceville', state: 'GA', zip: '30046', lat: 33.9562, lng: -83.988 },
  { city: 'Peachtree City', state: 'GA', zip: '30269', lat: 33.3968, lng: -84.5963 },
  { city: 'Norcross', state: 'GA', zip: '30071', lat: 33.9412, lng: -84.2135 },
  { city: 'Chattanooga', state: 'TN', zip: '37402', lat: 35.0456, lng: -85.3097 },
  { city: 'Birmingham', state: 'AL', zip: '35203', lat: 33.5186, lng: -86.8104 },
  { city: 'Greenville', state: 'SC', zip: '29601', lat: 34.8526, lng: -82.394 },
] as const;

export const STREET_NAMES = [
  'Peachtree St NE', 'Piedmont Ave', 'Spring St NW', 'Northside Dr', 'Roswell Rd', 'Powers Ferry Rd',
  'Cobb Pkwy', 'Windy Hill Rd', 'Holcomb Bridge Rd', 'Mansell Rd', 'Pleasant Hill Rd', 'Buford Hwy',
  'Ponce de Leon Ave', 'Howell Mill Rd', 'Marietta St NW', 'Lenox Rd NE', 'Ashford Dunwoody Rd',
  'Satellite Blvd', 'Jimmy Carter Blvd', 'Barrett Pkwy', 'Clairmont Rd', 'Lawrenceville Hwy',
] as const;

export const COMPANY_PREFIXES = [
  'Peachtree', 'Summit', 'Magnolia', 'Riverside', 'Blue Ridge', 'Chattahoochee', 'Southern', 'Midtown',
  'Buckhead', 'Piedmont', 'Oakwood', 'Lakeside', 'Heritage', 'Pinnacle', 'Cornerstone', 'Northpoint',
  'Stone Mountain', 'Gateway', 'Harbor', 'Cedar', 'Capitol', 'Parkside', 'Ironwood', 'Crescent',
] as const;

export const COMPANY_KINDS = [
  'Property Management', 'Medical Center', 'Office Park', 'Retail Group', 'School District',
  'Hospitality Group', 'Logistics', 'Church', 'Senior Living', 'Data Center', 'Realty Partners',
  'Restaurant Group', 'Storage', 'Manufacturing', 'Fitness Clubs', 'Apartments',
] as const;

export const COMPANY_SUFFIXES = ['LLC', 'Inc.', 'Co.', 'Holdings', 'Partners', 'Group'] as const;

export const LOCATION_KINDS = [
  'Main Campus', 'North Building', 'South Building', 'Warehouse', 'Clinic', 'Store', 'Tower',
  'Plaza', 'Annex', 'Distribution Center', 'Office', 'Suites',
] as const;

export const UNIT_PREFIXES = ['RTU', 'AHU', 'CU', 'HP', 'FCU', 'MAU', 'CH', 'SPLIT'] as const;

export const FIRST_NAMES = [
  'James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'William', 'Elizabeth',
  'Carlos', 'Aisha', 'Thomas', 'Keisha', 'Daniel', 'Sarah', 'Marcus', 'Emily', 'Andre', 'Grace',
] as const;
export const LAST_NAMES = [
  'Johnson', 'Williams', 'Brown', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Wilson', 'Anderson', 'Thomas',
  'Jackson', 'White', 'Harris', 'Martin', 'Thompson', 'Moore', 'Walker', 'Young', 'King', 'Wright',
] as const;

export const JOB_NAME_TEMPLATES = [
  'Quarterly PM - {unit}', 'No cooling - {unit}', 'No heat - {unit}', 'Annual inspection - {unit}',
  'Compressor replacement - {unit}', 'Belt and filter change - {unit}', 'Refrigerant leak - {unit}',
  'Thermostat not responding - {unit}', 'Noisy blower motor - {unit}', 'Water leak at unit - {unit}',
  'Economizer repair - {unit}', 'Startup and commissioning - {unit}',
] as const;

export const PROBLEM_DESCRIPTIONS = [
  'Tenant reports the space is warm in the afternoon.',
  'Unit short-cycles and trips the breaker.',
  'Ice forming on the suction line.',
  'Burning smell when the heat comes on.',
  'Condensate pan overflowing onto the ceiling tiles.',
  'Loud rattling from the rooftop unit.',
  '',
] as const;

export const SKILLS = [
  'Rooftop Units', 'Split Systems', 'Refrigeration', 'Controls & BAS', 'Boilers', 'Chillers',
  'Gas Heating', 'Electrical Troubleshooting', 'Sheet Metal', 'Heat Pumps',
] as const;

export const CERTIFICATIONS = [
  { name: 'EPA Section 608 Universal', org: 'US EPA' },
  { name: 'NATE Core', org: 'North American Technician Excellence' },
  { name: 'OSHA 10', org: 'OSHA' },
  { name: 'Georgia Conditioned Air Contractor', org: 'Georgia Secretary of State' },
] as const;
