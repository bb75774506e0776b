import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import { Alert } from "@/components/ui/alert";
import { decodeImageFile, decodePixels, nativeDetector, pixelsOf } from "./decode-qr";
import "./qr.css";

type CameraState = "off" | "starting" | "on" | "failed";

/**
 * Reads a QR code: with the camera (getUserMedia; each frame to `BarcodeDetector` where it exists, else
 * to jsqr over the frame's pixels, a few frames a second) or from an uploaded image of the code (jsqr).
 * `onCode` gets each text read; the camera stops at the first one.
 */
export function QrScanner({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useLingui();
  const inputId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<CameraState>("off");
  const [unreadable, setUnreadable] = useState(false);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  const stop = () => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setCamera("off");
  };
  useEffect(
    () => () => {
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  useEffect(() => {
    if (camera !== "on") return;
    const video = videoRef.current;
    if (!video) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (!live) return;
      let text: string | null = null;
      if (video.readyState >= 2 && video.videoWidth > 0) {
        const native = await nativeDetector();
        if (native) text = (await native.detect(video).catch(() => []))[0]?.rawValue ?? null;
        else text = await decodePixels(pixelsOf(video, video.videoWidth, video.videoHeight, 640));
      }
      if (!live) return;
      if (text) {
        stop();
        onCodeRef.current(text);
        return;
      }
      timer = setTimeout(() => void tick(), 200);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [camera]);

  const start = async () => {
    setUnreadable(false);
    setCamera("starting");
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment" },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current!;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setCamera("on");
    } catch {
      setCamera("failed");
    }
  };

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    setUnreadable(false);
    const text = await decodeImageFile(file).catch(() => null);
    if (text) onCodeRef.current(text);
    else setUnreadable(true);
  };

  const hasCamera = typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);
  return (
    <div className="qr-scanner">
      <video
        ref={videoRef}
        className="qr-scanner__video"
        muted
        playsInline
        hidden={camera !== "on" && camera !== "starting"}
      />
      <div className="qr-scanner__actions">
        {hasCamera &&
          (camera === "on" || camera === "starting" ? (
            <button type="button" className="ui-btn ui-btn--outlined" onClick={stop}>
              {t`Stop the camera`}
            </button>
          ) : (
            <button type="button" className="ui-btn ui-btn--contained" onClick={() => void start()}>
              {t`Scan with the camera`}
            </button>
          ))}
        <label htmlFor={inputId} className="ui-btn ui-btn--outlined">
          {t`Upload a picture of the code`}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="ui-visually-hidden"
          data-testid="qr-upload"
          onChange={(e) => void upload(e)}
        />
      </div>
      {camera === "failed" && (
        <Alert severity="warning">{t`The camera could not be started. Upload a picture of the code instead.`}</Alert>
      )}
      {unreadable && <Alert severity="warning">{t`No QR code could be read in this picture.`}</Alert>}
    </div>
  );
}
