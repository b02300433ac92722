/** The words of the Scan Unit screen (decision 046). */
export const SCAN_TEXTS = {
  title: 'Scan Unit',
  subtitle: "Point the camera at a unit's QR label, or type the code printed under it.",
  cameraLabel: 'Camera view: hold the QR label inside the frame',
  starting: 'Starting the camera...',
  scanning: 'Looking for a QR code...',
  opening: 'Opening the unit...',
  startCamera: 'Start camera',
  stopCamera: 'Stop camera',
  cameraOff: 'The camera is off.',
  unavailable: 'No camera is available here. Type the code printed under the QR code instead.',
  denied:
    'The camera is blocked for this site. Allow it in the browser settings, or type the code printed under the QR code.',
  failed: 'The camera could not start. Type the code printed under the QR code instead.',
  codeLabel: 'Unit code',
  codeHint: 'The 12 letters and digits under the QR code, like 3F9A-0C1B-7E2D',
  open: 'Open unit',
  noOpenJob: (unitNumber: string) => `You have no open job on unit ${unitNumber}: here is its history.`,
  failedLookup: 'Could not look up the code. Try again.',
} as const;
