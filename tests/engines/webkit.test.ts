// The cross-engine journeys (journeys.ts) in WebKit: Debian's WebKitGTK MiniBrowser (webkit.ts).
import { describeJourneys } from "./journeys";
import { launchWebKit } from "./webkit";

describeJourneys("WebKit", launchWebKit);
