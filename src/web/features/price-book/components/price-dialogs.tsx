import { useState } from 'react';
import {
  PRICE_KIND_LABELS,
  PRICE_KINDS,
  type PriceKind,
  type PriceRecord,
  type ServiceLineOption,
} from '../../../../domain/price-book';
import { Dialog } from '../../../ui/dialog';
import { Tabs } from '../../../ui/tabs';
import { ItemPriceForm, LaborPriceForm } from './labor-item-forms';
import { PartPriceForm } from './part-price-form';

interface Choices {
  serviceLines: ServiceLineOption[];
  categories: string[];
}

/** Add Service Item: one modal with Part, Labor and Item tabs. */
export function AddPriceDialog({
  open,
  onOpenChange,
  serviceLines,
  categories,
}: { open: boolean; onOpenChange: (open: boolean) => void } & Choices) {
  const [tab, setTab] = useState<PriceKind>('part');
  const close = () => onOpenChange(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Service Item"
      description="Add a part, a labor rate or another item to the price book."
      size="lg"
    >
      <Tabs
        label="Item type"
        value={tab}
        onChange={setTab}
        tabs={PRICE_KINDS.map((kind) => ({ value: kind, label: PRICE_KIND_LABELS[kind] }))}
      />
      <div className="pt-4" role="tabpanel" aria-label={PRICE_KIND_LABELS[tab]}>
        {tab === 'part' ? (
          <PartPriceForm key="part" mode="add" serviceLines={serviceLines} onDone={close} onCancel={close} />
        ) : null}
        {tab === 'labor' ? (
          <LaborPriceForm key="labor" mode="add" serviceLines={serviceLines} onDone={close} onCancel={close} />
        ) : null}
        {tab === 'item' ? (
          <ItemPriceForm
            key="item"
            mode="add"
            serviceLines={serviceLines}
            categories={categories}
            onDone={close}
            onCancel={close}
          />
        ) : null}
      </div>
    </Dialog>
  );
}

/** Edit Item Price: the price's own form, with the code read-only. */
export function EditPriceDialog({
  record,
  onClose,
  serviceLines,
  categories,
}: { record: PriceRecord | null; onClose: () => void } & Choices) {
  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit Item Price"
      description={record ? `${PRICE_KIND_LABELS[record.kind]} ${record.code}` : undefined}
      size="lg"
    >
      {record?.kind === 'part' ? (
        <PartPriceForm
          key={record.id}
          mode="edit"
          record={record}
          serviceLines={serviceLines}
          onDone={onClose}
          onCancel={onClose}
        />
      ) : null}
      {record?.kind === 'labor' ? (
        <LaborPriceForm
          key={record.id}
          mode="edit"
          record={record}
          serviceLines={serviceLines}
          onDone={onClose}
          onCancel={onClose}
        />
      ) : null}
      {record?.kind === 'item' ? (
        <ItemPriceForm
          key={record.id}
          mode="edit"
          record={record}
          serviceLines={serviceLines}
          categories={categories}
          onDone={onClose}
          onCancel={onClose}
        />
      ) : null}
    </Dialog>
  );
}
