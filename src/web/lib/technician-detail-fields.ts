import type { TechnicianProfile } from '../../domain/technicians';

/** A further technician field, as the forms list them (Settings > Add User, Edit Technician). */
export interface TechnicianDetailField {
  name: Exclude<
    keyof TechnicianProfile,
    'employeeId' | 'hireDate' | 'jobTitle' | 'hourlyRate' | 'emergencyContactName' | 'emergencyContactPhone' | 'notes'
  >;
  label: string;
  kind: 'text' | 'date' | 'year' | 'checkbox';
  maxLength?: number;
}

export const TECHNICIAN_DETAIL_GROUPS: { title: string; fields: TechnicianDetailField[] }[] = [
  {
    title: 'Home Address',
    fields: [
      { name: 'address', label: 'Address', kind: 'text', maxLength: 200 },
      { name: 'city', label: 'City', kind: 'text', maxLength: 100 },
      { name: 'state', label: 'State', kind: 'text', maxLength: 2 },
      { name: 'zip', label: 'Zip', kind: 'text', maxLength: 10 },
    ],
  },
  {
    title: 'License and Vehicle',
    fields: [
      { name: 'licenseNumber', label: 'License Number', kind: 'text', maxLength: 100 },
      { name: 'licenseExpiry', label: 'License Expiry', kind: 'date' },
      { name: 'vehicleNumber', label: 'Vehicle Number', kind: 'text', maxLength: 50 },
      { name: 'vehicleMake', label: 'Vehicle Make', kind: 'text', maxLength: 50 },
      { name: 'vehicleModel', label: 'Vehicle Model', kind: 'text', maxLength: 50 },
      { name: 'vehicleYear', label: 'Vehicle Year', kind: 'year' },
    ],
  },
  {
    title: 'Personal',
    fields: [
      { name: 'preferredName', label: 'Preferred Name', kind: 'text', maxLength: 100 },
      { name: 'shirtSize', label: 'Shirt Size', kind: 'text', maxLength: 10 },
      { name: 'bootSize', label: 'Boot Size', kind: 'text', maxLength: 10 },
    ],
  },
  {
    title: 'Payroll',
    fields: [
      { name: 'taxId', label: 'Tax ID', kind: 'text', maxLength: 50 },
      { name: 'directDeposit', label: 'Direct Deposit', kind: 'checkbox' },
      { name: 'bankName', label: 'Bank Name', kind: 'text', maxLength: 100 },
      { name: 'bankRouting', label: 'Bank Routing Number', kind: 'text', maxLength: 50 },
      { name: 'bankAccount', label: 'Bank Account Number', kind: 'text', maxLength: 50 },
    ],
  },
  {
    title: 'Checks and Reviews',
    fields: [
      { name: 'backgroundCheckDate', label: 'Background Check Date', kind: 'date' },
      { name: 'drugTestDate', label: 'Drug Test Date', kind: 'date' },
      { name: 'lastReviewDate', label: 'Last Review Date', kind: 'date' },
      { name: 'nextReviewDate', label: 'Next Review Date', kind: 'date' },
    ],
  },
];
