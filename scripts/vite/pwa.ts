import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { appIconPng, BACKGROUND, BRAND_BLUE } from './app-icon.js';

const ICONS = [
  { fileName: 'icons/icon-192.png', size: 192, maskable: false },
  { fileName: 'icons/icon-512.png', size: 512, maskable: false },
  { fileName: 'icons/icon-maskable-192.png', size: 192, maskable: true },
  { fileName: 'icons/icon-maskable-512.png', size: 512, maskable: true },
  // iOS draws its own rounded corners on an opaque square.
  { fileName: 'icons/apple-touch-icon.png', size: 180, maskable: true },
];

export const WEB_MANIFEST = {
  id: '/',
  name: 'HVAC Administration',
  short_name: 'HVAC Admin',
  description: 'HVAC field-service administration',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: BACKGROUND,
  theme_color: BRAND_BLUE,
  icons: ICONS.filter((i) => i.fileName !== 'icons/apple-touch-icon.png').map((i) => ({
    src: `/${i.fileName}`,
    sizes: `${i.size}x${i.size}`,
    type: 'image/png',
    purpose: i.maskable ? 'maskable' : 'any',
  })),
};

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}
interface AssetLike {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
type BundleItem = ChunkLike | AssetLike | { type: 'chunk'; code: string };

/** Every file the entry chunk named `entry` reaches: static and lazy imports, their CSS and assets. */
function filesOf(bundle: Record<string, BundleItem>, entry: string): Set<string> {
  const start = Object.values(bundle).find(
    (item): item is ChunkLike => item.type === 'chunk' && 'isEntry' in item && item.isEntry && item.name === entry,
  );
  if (!start) throw new Error(`pwa: no entry chunk named "${entry}"`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const item = bundle[fileName] as ChunkLike | AssetLike | undefined;
    if (item?.type !== 'chunk') return;
    item.imports.forEach(visit);
    item.dynamicImports.forEach(visit);
    item.viteMetadata?.importedCss.forEach((f) => files.add(f));
    item.viteMetadata?.importedAssets.forEach((f) => files.add(f));
  };
  visit(start.fileName);
  return files;
}

/**
 * The staff app as an installable web app (decision 020), at build time only:
 * - icons (PNG 192/512, maskable, Apple touch) drawn from the brand glyph, and /manifest.webmanifest;
 * - index.html links them (the customer's quote page does not);
 * - /sw.js, compiled from `serviceWorker` with the list of files the `entry` chunk reaches (never
 *   the quote page's own files) and a version hashed from their contents, so every build that
 *   changes a file is a new worker.
 */
export function pwa(options: { serviceWorker: string; entry: string; html: string }): Plugin {
  return {
    name: 'hvac-pwa',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.filename.endsWith(options.html)) return undefined;
        return [
          { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
          { tag: 'meta', attrs: { name: 'theme-color', content: BRAND_BLUE }, injectTo: 'head' },
          { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' }, injectTo: 'head' },
        ];
      },
    },
    generateBundle: {
      order: 'post',
      async handler(_output, bundle) {
        for (const icon of ICONS)
          this.emitFile({ type: 'asset', fileName: icon.fileName, source: await appIconPng(icon.size, icon.maskable) });
        this.emitFile({
          type: 'asset',
          fileName: 'manifest.webmanifest',
          source: `${JSON.stringify(WEB_MANIFEST, null, 2)}\n`,
        });

        const items = bundle as unknown as Record<string, BundleItem>;
        if (!items[options.html]) throw new Error(`pwa: ${options.html} is not in the bundle yet`);
        const files = [
          options.html,
          'manifest.webmanifest',
          ...ICONS.map((i) => i.fileName),
          ...[...filesOf(items, options.entry)].sort(),
        ];
        const hash = createHash('sha256');
        for (const file of files) {
          const item = items[file] as (AssetLike | { type: 'chunk'; code: string }) | undefined;
          hash.update(file);
          if (item) hash.update(item.type === 'asset' ? item.source : item.code);
        }
        const version = hash.digest('hex').slice(0, 16);
        const result = await build({
          entryPoints: [options.serviceWorker],
          bundle: true,
          write: false,
          minify: true,
          format: 'iife',
          target: 'es2022',
          define: { __PRECACHE__: JSON.stringify(files.map((f) => `/${f}`)), __VERSION__: JSON.stringify(version) },
        });
        this.emitFile({ type: 'asset', fileName: 'sw.js', source: result.outputFiles[0]!.text });
      },
    },
  };
}
