import { describe, expect, it } from 'vitest';

import { paintLandscape, SUMMER_PALETTE } from '../lib/landscape-painter.js';
import { createSeedStream } from '../lib/seed-stream.js';
import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';

import { generateExifPhotoJpeg } from './exif-photo-jpeg.js';

const file = generateExifPhotoJpeg({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });

describe('generateExifPhotoJpeg', () => {
  it('is deterministic and depends on the flag', () => {
    expect(generateExifPhotoJpeg({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateExifPhotoJpeg({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(file).toMatchObject({ fileName: 'photo.jpg', contentType: 'image/jpeg' });
  });

  it('starts with SOI then the APP1 Exif segment and ends with EOI', () => {
    expect(file.data.subarray(0, 4).toString('hex')).toBe('ffd8ffe1');
    expect(file.data.subarray(6, 12).toString('latin1')).toBe('Exif\0\0');
    expect(file.data.subarray(-2).toString('hex')).toBe('ffd9');
  });

  it.skipIf(!hasTool('exiftool'))('shows the flag in UserComment among ordinary camera fields, and validates cleanly', () => {
    withTempFiles({ 'photo.jpg': file.data }, (dir) => {
      const json = JSON.parse(runTool('exiftool', ['-j', '-a', '-G1', `${dir}/photo.jpg`]).stdout) as Record<string, unknown>[];
      const tags = json[0] ?? {};
      expect(tags['ExifIFD:UserComment']).toBe(SAMPLE_FLAG);
      expect(tags).toMatchObject({ 'IFD0:Artist': 'Camille Laurent', 'GPS:GPSLatitudeRef': 'North', 'File:ImageWidth': 480 });
      expect(Object.keys(tags).filter((key) => /^(IFD0|ExifIFD|GPS):/.test(key)).length).toBeGreaterThan(25);
      const flagFields = Object.entries(tags).filter(([, value]) => String(value).includes('CTF{'));
      expect(flagFields.map(([key]) => key)).toEqual(['ExifIFD:UserComment']);
      const validation = runTool('exiftool', ['-validate', '-warning', '-error', '-a', `${dir}/photo.jpg`]).stdout;
      expect(validation.trim()).toMatch(/^Validate\s*: OK$/);
    });
  });

  it.skipIf(!hasTool('djpeg'))('decodes with libjpeg (djpeg) to the painted 480x320 picture', () => {
    withTempFiles({ 'photo.jpg': file.data }, (dir) => {
      const result = runTool('djpeg', ['-pnm', `${dir}/photo.jpg`]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const ppm = Buffer.from(result.stdout, 'latin1');
      expect(ppm.subarray(0, 15).toString('latin1')).toBe('P6\n480 320\n255\n');
      const decoded = ppm.subarray(15);
      const original = paintLandscape(createSeedStream(SAMPLE_SEED, 'exif-photo-jpeg'), 480, 320, SUMMER_PALETTE).pixels;
      expect(decoded.length).toBe(original.length);
      const meanError = decoded.reduce((sum, value, i) => sum + Math.abs(value - (original[i] ?? 0)), 0) / decoded.length;
      expect(meanError).toBeLessThan(3);
    });
  });
});
