// Issue 39 items 1 and 2: the browser of the cross-engine journeys (journeys.ts) in WebKit (webkit.test.ts): Debian's WebKitGTK MiniBrowser,
// driven by selenium-webdriver through WebKitWebDriver, on an Xvfb display of its own (the display number Xvfb
// picks, -displayfd). Xvfb, the driver (and with it the browser) are started here and stopped by their own
// process ids. Never skipped: a machine without them fails here and says how to install them.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { Builder, By, type WebDriver } from "selenium-webdriver";
import { freePort } from "../../server/test-port";
import type { Browser, Engine } from "./journeys";
import { sleep } from "./shop";

const XVFB = process.env.XVFB_BIN ?? "/usr/bin/Xvfb";
const DRIVER = process.env.WEBKIT_DRIVER_BIN ?? "/usr/bin/WebKitWebDriver";
const MINIBROWSER =
  process.env.WEBKIT_MINIBROWSER_BIN ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

function webkitEngine(driver: WebDriver): Engine {
  return {
    name: "WebKit",
    async goto(url) {
      await driver.get(url);
    },
    evaluate: (fn, ...args) =>
      driver.executeScript(`return (${fn.toString()}).apply(null, arguments)`, ...args) as Promise<never>,
    async click(selector) {
      await driver.findElement(By.css(selector)).click();
    },
    async select(selector, value) {
      await driver.findElement(By.css(`${selector} option[value="${value}"]`)).click();
    },
    async type(selector, text) {
      const el = await driver.findElement(By.css(selector));
      await el.clear();
      await el.sendKeys(text);
    },
    async upload(selector, file) {
      // WebDriver's way of choosing a file: the path sent as the input's keys (the driver runs here).
      await driver.findElement(By.css(selector)).sendKeys(file);
    },
    async screenshot(selector) {
      return Buffer.from(await driver.findElement(By.css(selector)).takeScreenshot(), "base64");
    },
    // WebKitWebDriver has no event stream: the front's collector (front.ts) keeps the page's errors.
    takeDriverErrors: () => [],
  };
}

/** Stops a process started here, by its own id: SIGTERM, then SIGKILL if it is still there after a while. */
async function stop(child: ChildProcess | undefined, group = false): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  const kill = (signal: NodeJS.Signals) => {
    try {
      // The driver is a process group of its own (detached): its MiniBrowser goes with it.
      process.kill(group ? -child.pid! : child.pid!, signal);
    } catch {
      // already gone
    }
  };
  kill("SIGTERM");
  if ((await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])) === false)
    kill("SIGKILL");
}

/** Starts Xvfb on a display it picks itself; resolves with the display (":N"). */
async function startXvfb(): Promise<{ xvfb: ChildProcess; display: string }> {
  const xvfb = spawn(XVFB, ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  let stderr = "";
  xvfb.stderr?.on("data", (d) => (stderr = (stderr + String(d)).slice(-2000)));
  const display = await new Promise<string>((done, fail) => {
    let out = "";
    const fd3 = xvfb.stdio[3] as NodeJS.ReadableStream;
    fd3.on("data", (d) => {
      out += String(d);
      if (out.includes("\n")) done(`:${out.trim()}`);
    });
    xvfb.once("exit", (code) => fail(new Error(`Xvfb exited (${code}):\n${stderr}`)));
    setTimeout(() => fail(new Error(`Xvfb did not start:\n${stderr}`)), 30_000);
  });
  return { xvfb, display };
}

export async function launchWebKit(): Promise<Browser> {
  for (const [file, pkg] of [
    [XVFB, "xvfb"],
    [DRIVER, "webkit2gtk-driver"],
    [MINIBROWSER, "webkit2gtk-driver"],
  ] as const)
    if (!existsSync(file))
      throw new Error(`WebKit's journeys need ${file}: install it with \`sudo apt-get install -y ${pkg}\``);
  let xvfb: ChildProcess | undefined;
  let driverProcess: ChildProcess | undefined;
  let driver: WebDriver | undefined;
  const close = async () => {
    await driver?.quit().catch(() => undefined);
    await stop(driverProcess, true);
    await stop(xvfb);
  };
  try {
    const started = await startXvfb();
    xvfb = started.xvfb;
    const port = await freePort();
    let output = "";
    driverProcess = spawn(DRIVER, [`--port=${port}`, "--host=127.0.0.1"], {
      env: { ...process.env, DISPLAY: started.display },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    driverProcess.stdout?.on("data", (d) => (output = (output + String(d)).slice(-2000)));
    driverProcess.stderr?.on("data", (d) => (output = (output + String(d)).slice(-2000)));
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const ready = await fetch(`${url}/status`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (driverProcess.exitCode !== null || i > 120)
        throw new Error(`WebKitWebDriver did not start:\n${output}`);
      await sleep(250);
    }
    driver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: "MiniBrowser",
        "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
      })
      .build();
    await driver.manage().setTimeouts({ script: 120_000, pageLoad: 120_000 });
    await driver.manage().window().setRect({ width: 1280, height: 900 });
    return { engine: webkitEngine(driver), close };
  } catch (error) {
    await close();
    throw error;
  }
}
