import { useEffect, useState } from "react";
import "./qr.css";

/**
 * A QR code drawn on the device (no network): `qrcode`'s SVG string, loaded with this component's chunk
 * only (never the first page's). The SVG is the package's own output for our text, drawn as markup.
 * `label` names the image for assistive technology; `size` is its width and height in CSS pixels.
 */
export function QrCode({ text, label, size = 240 }: { text: string; label: string; size?: number }) {
  const [svg, setSvg] = useState<{ text: string; svg: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then(async (QRCode) => {
      const out = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
      if (live) setSvg({ text, svg: out });
    });
    return () => {
      live = false;
    };
  }, [text]);
  const ready = svg?.text === text;
  return (
    <div
      className="qr-code"
      role="img"
      aria-label={label}
      aria-busy={!ready}
      data-testid="qr-code"
      style={{ width: size, height: size }}
      dangerouslySetInnerHTML={ready ? { __html: svg.svg } : undefined}
    />
  );
}
