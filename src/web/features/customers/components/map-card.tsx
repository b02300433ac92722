import { formatAddress } from '../../../../domain/customer-lists';
import { useClientConfig } from '../../../lib/client-config';
import { AddressMap } from '../../../ui/address-map';
import { Card, CardBody, CardHeader } from '../../../ui/card';

/** A map of the coordinates with the configured tiles (or "Map unavailable"). */
export function ConfiguredMap({
  label,
  latitude,
  longitude,
}: {
  label: string;
  latitude: number | null;
  longitude: number | null;
}) {
  const config = useClientConfig();
  return <AddressMap latitude={latitude} longitude={longitude} tileUrl={config.data?.mapTileUrl} label={label} />;
}

/** The address and its map (or "Map unavailable"). */
export function MapCard({
  title = 'Map',
  label,
  address,
  latitude,
  longitude,
}: {
  title?: string;
  label: string;
  address: { address: string; city: string; state: string; zip: string };
  latitude: number | null;
  longitude: number | null;
}) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody className="space-y-3">
        <p className="text-sm text-slate-700">{formatAddress(address)}</p>
        <ConfiguredMap latitude={latitude} longitude={longitude} label={label} />
      </CardBody>
    </Card>
  );
}
