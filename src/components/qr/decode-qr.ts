/*
 * QR decoding on the device: `BarcodeDetector` where the browser has it (Chromium on Android, macOS), else
 * `jsqr` over the image's pixels (Safari, Firefox, desktop Chromium on Linux and Windows). Both load only
 * when a code is scanned.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (opts: { formats: string[] }) => BarcodeDetectorLike;

let detector: Promise<BarcodeDetectorLike | null> | null = null;

/** The browser's QR detector, or null where there is none (or it takes no QR codes). */
export function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  detector ??= (async () => {
    const Detector = (
      globalThis as {
        BarcodeDetector?: BarcodeDetectorClass & { getSupportedFormats?: () => Promise<string[]> };
      }
    ).BarcodeDetector;
    if (!Detector) return null;
    try {
      const formats = (await Detector.getSupportedFormats?.()) ?? ["qr_code"];
      return formats.includes("qr_code") ? new Detector({ formats: ["qr_code"] }) : null;
    } catch {
      return null;
    }
  })();
  return detector;
}

/** The text of a QR code in these pixels (jsqr), or null. */
export async function decodePixels(image: ImageData): Promise<string | null> {
  const { default: jsQR } = await import("jsqr");
  return jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" })?.data ?? null;
}

/** The pixels of a drawable source, scaled down to at most `max` pixels a side. */
export function pixelsOf(source: CanvasImageSource, width: number, height: number, max = 1024): ImageData {
  const scale = Math.min(1, max / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(source, 0, 0, w, h);
  return ctx.getImageData(0, 0, w, h);
}

/** The text of the QR code in an image file (a photo or a screenshot of the code), or null. */
export async function decodeImageFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    // jsqr on every engine: the path the tests drive, and the same answer as the native detector's
    return await decodePixels(pixelsOf(bitmap, bitmap.width, bitmap.height));
  } finally {
    bitmap.close();
  }
}
