/**
 * The demo's service agreements (issue 29, decision 043): a few agreements of the first
 * companies, built without the demo's random stream so the rest of the data is what it was. The
 * active ones start next month but one, so the generator makes no jobs on the seeding day (the E2E
 * specs read the demo's jobs); their visits become jobs as their dates come within 30 days.
 */
import { nextVisitDate, type VisitRule } from '../../../domain/agreements/index.js';
import { addDays } from '../../../domain/dates.js';
import type * as schema from '../schema.js';

type AgreementInsert = typeof schema.agreements.$inferInsert;
type AgreementUnitInsert = typeof schema.agreementUnits.$inferInsert;
type Company = { id?: string; name: string };
type Place = { id?: string; companyId: string };
type Unit = { id?: string; locationId: string };

const pad = (n: number) => String(n).padStart(2, '0');
/** The first day of the month `months` after today's. */
function monthStart(today: string, months: number): string {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
}

export function buildDemoAgreements(
  companies: readonly Company[],
  locations: readonly Place[],
  units: readonly Unit[],
  technicianIds: readonly string[],
  today: string,
  at: Date,
): { agreements: AgreementInsert[]; units: AgreementUnitInsert[] } {
  const plans: {
    name: string;
    status: 'active' | 'draft' | 'expired';
    frequency: VisitRule['frequency'];
    months: number[];
    day: VisitRule['day'];
    price: string;
    billingPlan: 'per_visit' | 'monthly' | 'quarterly' | 'annually';
    startMonths: number;
  }[] = [
    {
      name: 'Quarterly Rooftop PM',
      status: 'active',
      frequency: 'quarterly',
      months: [],
      day: { kind: 'dayOfMonth', day: 15 },
      price: '4800.00',
      billingPlan: 'quarterly',
      startMonths: 2,
    },
    {
      name: 'Spring and Fall Tune-Up',
      status: 'active',
      frequency: 'months',
      months: [4, 10],
      day: { kind: 'nthWeekday', nth: 1, weekday: 1 },
      price: '1900.00',
      billingPlan: 'annually',
      startMonths: 2,
    },
    {
      name: 'Monthly Filter Service',
      status: 'draft',
      frequency: 'monthly',
      months: [],
      day: { kind: 'nthWeekday', nth: 1, weekday: 2 },
      price: '6000.00',
      billingPlan: 'monthly',
      startMonths: 1,
    },
    {
      name: 'Annual Boiler Inspection',
      status: 'expired',
      frequency: 'annual',
      months: [],
      day: { kind: 'dayOfMonth', day: 10 },
      price: '750.00',
      billingPlan: 'per_visit',
      startMonths: -14,
    },
  ];
  const agreements: AgreementInsert[] = [];
  const covered: AgreementUnitInsert[] = [];
  plans.forEach((plan, i) => {
    const company = companies[i]!;
    const location = locations.find((l) => l.companyId === company.id)!;
    const startDate = monthStart(today, plan.startMonths);
    const endDate = addDays(monthStart(today, plan.startMonths + 12), -1);
    const id = `0a9e${pad(i)}00-0000-4000-8000-00000000a0${pad(i)}`;
    const rule: VisitRule = { frequency: plan.frequency, months: plan.months, day: plan.day };
    agreements.push({
      id,
      name: `${company.name} ${plan.name}`.slice(0, 200),
      companyId: company.id!,
      status: plan.status,
      startDate,
      endDate,
      frequency: plan.frequency,
      months: plan.months,
      dayKind: plan.day.kind,
      dayOfMonth: plan.day.kind === 'dayOfMonth' ? plan.day.day : 1,
      nth: plan.day.kind === 'nthWeekday' ? plan.day.nth : 1,
      weekday: plan.day.kind === 'nthWeekday' ? plan.day.weekday : 1,
      windowDays: 14,
      technicianId: technicianIds[i % technicianIds.length] ?? null,
      jobType: 'PM',
      serviceLine: 'HVACGEN',
      visitDuration: 120,
      checklist: ['Replace air filters', 'Check belts and pulleys', 'Clean condenser coils', 'Test safeties'],
      price: plan.price,
      billingPlan: plan.billingPlan,
      notToExceed: '500.00',
      autoRenew: plan.status === 'active',
      escalatorPercent: '3.00',
      planFrom: startDate,
      nextVisitOn: plan.status === 'active' ? nextVisitDate(rule, startDate, startDate, endDate) : null,
      createdAt: at,
      updatedAt: at,
    });
    for (const unit of units.filter((u) => u.locationId === location.id))
      covered.push({ agreementId: id, unitId: unit.id!, locationId: location.id! });
  });
  return { agreements, units: covered };
}
