import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encode } from 'uqr';
import { unitLabelUrl } from '../../src/domain/unit-labels.js';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { testConfig } from '../support/test-config.js';
import { expect, test } from './fixtures';

/**
 * Scan Unit with a camera (decision 046): Chromium's fake camera plays a still frame showing a
 * unit's QR label, and the screen (jsQR here: this Chromium has no BarcodeDetector) opens the unit.
 * The frame is drawn before the browser starts, so the unit's id is fixed.
 */
const UNIT_ID = 'c0ffee00-1234-4abc-8def-0123456789ab';
const WIDTH = 640;
const HEIGHT = 480;

/** One YUV 4:2:0 frame (Y4M): the QR code black on white, 8 pixels a module, in the middle. */
function qrFrame(text: string): string {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  const scale = 8;
  const side = data.length * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  data.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let y = 0; y < scale; y++)
        luma.fill(
          16,
          (top + r * scale + y) * WIDTH + left + c * scale,
          (top + r * scale + y) * WIDTH + left + (c + 1) * scale,
        );
    }),
  );
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const dir = path.join(tmpdir(), 'hvac-e2e-camera');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `unit-label-${process.pid}.y4m`);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F5:1 Ip A1:1 C420jpeg\nFRAME\n`);
  writeFileSync(file, Buffer.concat([header, luma, chroma]));
  return file;
}

const frame = qrFrame(unitLabelUrl(testConfig().publicUrl, UNIT_ID));

test.use({
  launchOptions: {
    executablePath: findChromium(),
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${frame}`,
    ],
  },
  permissions: ['camera'],
});

test('the camera reads a QR label and opens the unit', async ({ signedIn: page, f }) => {
  await f.unit({ id: UNIT_ID, unitNumber: 'CAMERA-RTU-1' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/scan');
  await expect(page).toHaveURL(new RegExp(`/units/${UNIT_ID}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Unit CAMERA-RTU-1' })).toBeVisible();
});
