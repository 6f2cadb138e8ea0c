import type { RgbImage } from './png-encoder.js';
import type { SeedStream } from './seed-stream.js';

type Rgb = readonly [number, number, number];

export interface LandscapePalette {
  skyTop: Rgb;
  skyHorizon: Rgb;
  sun: Rgb;
  /** From the farthest hill to the nearest. */
  hills: readonly Rgb[];
}

export const DUSK_PALETTE: LandscapePalette = {
  skyTop: [38, 48, 112],
  skyHorizon: [250, 150, 90],
  sun: [255, 226, 150],
  hills: [
    [150, 96, 128],
    [96, 62, 102],
    [52, 36, 70],
    [26, 20, 40],
  ],
};

export const SUMMER_PALETTE: LandscapePalette = {
  skyTop: [52, 112, 200],
  skyHorizon: [190, 220, 245],
  sun: [255, 250, 220],
  hills: [
    [120, 150, 170],
    [88, 140, 80],
    [60, 118, 52],
    [40, 92, 36],
  ],
};

function mix(a: Rgb, b: Rgb, t: number): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** A ridge line: sum of a few sines with random phases, in rows from the top. */
function createRidge(random: SeedStream, width: number, baseRow: number, amplitude: number): (x: number) => number {
  const waves = Array.from({ length: 3 }, (_, i) => ({
    frequency: ((i + 1) * (1 + random.nextFloat()) * Math.PI * 2) / width,
    phase: random.nextFloat() * Math.PI * 2,
    amplitude: amplitude / (i + 1),
  }));
  return (x) => baseRow + waves.reduce((sum, w) => sum + w.amplitude * Math.sin(x * w.frequency + w.phase), 0);
}

/**
 * Paints a procedural landscape (sky gradient, glowing sun, layered hills, film grain): photo-like
 * enough for the stego and EXIF challenges, different for every seed.
 */
export function paintLandscape(random: SeedStream, width: number, height: number, palette: LandscapePalette): RgbImage {
  const pixels = new Uint8Array(width * height * 3);
  const sunX = width * (0.2 + 0.6 * random.nextFloat());
  const sunY = height * (0.25 + 0.2 * random.nextFloat());
  const sunRadius = Math.min(width, height) * (0.06 + 0.03 * random.nextFloat());
  const ridges = palette.hills.map((_, i) =>
    createRidge(random, width, height * (0.5 + (0.4 * i) / palette.hills.length), height * (0.1 - 0.015 * i)),
  );
  const grain = random.nextBytes(width * height);

  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const distance = Math.hypot(x - sunX, y - sunY);
      let color = mix(palette.skyTop, palette.skyHorizon, Math.min(1, (y / height) * 1.4));
      const glow = distance <= sunRadius ? 1 : Math.exp(-((distance - sunRadius) / (sunRadius * 1.6)));
      color = mix(color, palette.sun, glow);
      palette.hills.forEach((hill, i) => {
        const ridgeRow = ridges[i]?.(x) ?? height;
        if (y >= ridgeRow) color = mix(hill, [0, 0, 0], Math.min(0.35, (y - ridgeRow) / (height * 1.5)));
      });
      const noise = ((grain[y * width + x] ?? 128) - 128) / 40;
      const offset = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        pixels[offset + c] = Math.max(0, Math.min(255, Math.round((color[c] ?? 0) + noise)));
      }
    }
  }
  return { width, height, pixels };
}
